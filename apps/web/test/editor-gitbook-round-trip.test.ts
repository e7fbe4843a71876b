/**
 * Every type of GitBook's document model goes through the editor and back unchanged: a
 * hand-built document of each block, inline and mark type, read into the editor's nodes
 * (checked against its schema) and written back, is the document it was. The types the
 * editor edits become its own nodes; every other type is kept whole as an atom.
 */
import type { JSONContent } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { blocksToEditor } from '../src/editor/document-to-editor';
import { blocksToDocument } from '../src/editor/editor-to-document';
import { editorSchema } from '../src/editor/extensions';
import type { GitBookBlock } from '../src/editor/gitbook-shapes';
import { EDITED_AS, GITBOOK_BLOCKS } from './support/gitbook-documents';

/** The document -> the editor's nodes (as the editor holds them) -> the document. */
function throughEditor(blocks: GitBookBlock[]): { nodes: JSONContent[]; back: unknown } {
  const doc = editorSchema.nodeFromJSON({ type: 'doc', content: blocksToEditor(blocks as never) });
  doc.check();
  const nodes = (doc.toJSON() as JSONContent).content ?? [];
  return { nodes, back: blocksToDocument(nodes) };
}

describe('document -> editor -> document is the identity', () => {
  for (const [name, block] of Object.entries(GITBOOK_BLOCKS)) {
    it(name, () => {
      const { nodes, back } = throughEditor([block]);
      expect(back).toEqual([block]);
      const editedAs = EDITED_AS[name];
      if (editedAs) expect(nodes.map((node) => node.type)).toEqual([editedAs]);
    });
  }

  it('every type nested in a tab, a step, a column, an update, a condition and an expandable', () => {
    const inside = Object.values(GITBOOK_BLOCKS);
    const containers: GitBookBlock[] = [
      {
        object: 'block',
        type: 'tabs',
        data: {},
        nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'A' }, nodes: inside }],
      },
      {
        object: 'block',
        type: 'stepper',
        data: {},
        nodes: [{ object: 'block', type: 'stepper-step', data: {}, nodes: inside }],
      },
      {
        object: 'block',
        type: 'columns',
        isVoid: false,
        data: {},
        nodes: [{ object: 'block', type: 'column', data: {}, nodes: inside }],
      },
      {
        object: 'block',
        type: 'updates',
        data: { format: 'short' },
        nodes: [{ object: 'block', type: 'update', data: { date: '2026-01-01' }, nodes: inside }],
      },
      { object: 'block', type: 'if', data: { expression: 'visitor.claims.x' }, nodes: inside },
    ];
    const { nodes, back } = throughEditor(containers);
    expect(back).toEqual(containers);
    expect(nodes.map((node) => node.type)).toEqual(['tabs', 'stepper', 'columns', 'updates', 'conditional']);
  });

  it('keys the reader numbers blocks with are not kept, everything else is', () => {
    const keyed = { ...GITBOOK_BLOCKS.tabs, key: '3' } as GitBookBlock;
    expect(throughEditor([keyed]).back).toEqual([GITBOOK_BLOCKS.tabs]);
  });

  it('a block with meta, or a tab outside tabs, is kept whole', () => {
    const withMeta = { ...GITBOOK_BLOCKS['heading-1'], meta: { id: 'one' } } as GitBookBlock;
    const strayTab = (GITBOOK_BLOCKS.tabs?.nodes ?? [])[0] as GitBookBlock;
    const { nodes, back } = throughEditor([withMeta, strayTab]);
    expect(nodes.map((node) => node.type)).toEqual(['gitbookBlock', 'gitbookBlock']);
    expect(back).toEqual([withMeta, strayTab]);
  });
});
