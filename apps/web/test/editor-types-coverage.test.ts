/**
 * Every type of GitBook's document model (0.202.0's published API document, listed from its
 * schemas, so a type GitBook adds shows here) has a place in the editor: a node or mark named in
 * `editor-node-of-type.ts`, a hand-built document holding it (`support/gitbook-documents.ts`)
 * that opens there and goes back unchanged (`editor-gitbook-round-trip.test.ts`), and, when
 * the place is an atom kept whole, fields to edit it by.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JSONContent } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { fieldTargetOf } from '../src/editor/block-fields';
import { blocksToEditor } from '../src/editor/document-to-editor';
import {
  EDITOR_MARK_OF,
  EDITOR_NODE_OF_BLOCK,
  EDITOR_NODE_OF_INLINE,
} from '../src/editor/editor-node-of-type';
import { blocksToDocument } from '../src/editor/editor-to-document';
import { editorSchema } from '../src/editor/extensions';
import type { GitBookBlock } from '../src/editor/gitbook-shapes';
import { GITBOOK_BLOCKS } from './support/gitbook-documents';

/** GitBook's document types by kind (block, inline, mark), read from the 0.202.0 document. */
function gitbookTypes(): Record<'block' | 'inline' | 'mark', string[]> {
  // The document ships with the server's test dependency `@gitbook/api-0202`.
  const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '../../server/package.json'));
  const packageDir = dirname(dirname(require.resolve('@gitbook/api-0202')));
  const spec = JSON.parse(readFileSync(join(packageDir, 'spec', 'openapi.json'), 'utf8')) as {
    components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
  };
  const types = { block: [] as string[], inline: [] as string[], mark: [] as string[] };
  for (const [name, schema] of Object.entries(spec.components.schemas)) {
    const object = schema.properties?.object?.enum?.[0];
    const names = schema.properties?.type?.enum;
    if (!name.startsWith('Document') || names === undefined) continue;
    if (object === 'block' || object === 'inline' || object === 'mark') types[object].push(...names);
  }
  return types;
}

const TYPES = gitbookTypes();

/** Atoms with no fields of their own, and why. */
const WITHOUT_FIELDS: Record<string, string> = {
  image: 'edited inside its images block',
  integration: "its props are the integration's own, shown as they are",
  annotation: 'its note is blocks, kept whole with the annotated words',
};

/** Every `object`/`type` pair in a GitBook tree. */
function typesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) typesIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    const node = value as Record<string, unknown>;
    if (typeof node.object === 'string' && typeof node.type === 'string')
      found.add(node.object + ' ' + node.type);
    for (const child of Object.values(node)) typesIn(child, found);
  }
  return found;
}

/** Every node and mark of an editor tree. */
function editorNodes(node: JSONContent, found: JSONContent[] = []): JSONContent[] {
  found.push(node);
  for (const mark of node.marks ?? []) found.push(mark as JSONContent);
  for (const child of node.content ?? []) editorNodes(child, found);
  return found;
}

const placeOf = (kind: 'block' | 'inline' | 'mark', type: string): string | undefined =>
  (kind === 'block'
    ? (EDITOR_NODE_OF_BLOCK as Record<string, string>)
    : kind === 'inline'
      ? (EDITOR_NODE_OF_INLINE as Record<string, string>)
      : (EDITOR_MARK_OF as Record<string, string>))[type];

describe('every type of GitBook’s document has a place in the editor', () => {
  it('reads the 0.202.0 document’s types (53 schemas: 36 blocks, 9 inlines, 8 marks)', () => {
    expect(TYPES.block).toHaveLength(38); // heading-1/2/3 are one schema
    expect(TYPES.inline).toHaveLength(9);
    expect(TYPES.mark).toHaveLength(8);
  });

  for (const kind of ['block', 'inline', 'mark'] as const)
    for (const type of TYPES[kind]) {
      it(`${kind} ${type}`, () => {
        const place = placeOf(kind, type);
        expect(place, 'a node or mark of the editor').toBeDefined();
        const fixtures = Object.entries(GITBOOK_BLOCKS).filter(([, block]) =>
          typesIn(block).has(kind + ' ' + type),
        );
        expect(fixtures.length, 'a document holding it').toBeGreaterThan(0);
        for (const [name, block] of fixtures) {
          const doc = editorSchema.nodeFromJSON({ type: 'doc', content: blocksToEditor([block] as never) });
          doc.check();
          const nodes = editorNodes(doc.toJSON() as JSONContent);
          const holders = nodes.filter((node) => {
            if (node.type !== place && !(place === 'listItem' && node.type === 'taskItem')) return false;
            if (place === 'gitbookBlock') return typesIn(node.attrs?.block).has(kind + ' ' + type);
            if (place === 'gitbookInline') return typesIn(node.attrs?.inline).has(kind + ' ' + type);
            return true;
          });
          // Cards, a highlighted code line, an image with a dark variant, a link to a user: kept whole.
          const keptWhole = nodes.some((node) =>
            typesIn(node.type === 'gitbookBlock' ? node.attrs?.block : node.attrs?.inline).has(
              kind + ' ' + type,
            ),
          );
          expect(holders.length > 0 || keptWhole, `${name} opens it in ${place}`).toBe(true);
          expect(blocksToDocument((doc.toJSON() as JSONContent).content ?? [])).toEqual([block]);
          if ((place === 'gitbookBlock' || place === 'gitbookInline') && WITHOUT_FIELDS[type] === undefined) {
            doc.descendants((node) => {
              const json = (node.attrs.block ?? node.attrs.inline) as GitBookBlock | undefined;
              if (node.type.name === place && json?.type === type)
                expect(fieldTargetOf(node)?.fields.length ?? 0, `fields of ${type}`).toBeGreaterThan(0);
              return true;
            });
          }
        }
      });
    }
});
