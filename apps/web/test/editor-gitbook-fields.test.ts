/**
 * Every block of the insert menu goes in, is saved as GitBook's markdown by the server's
 * printer and read back by the server's reader into the same editor nodes (none kept as raw
 * markdown); and the fields of blocks (`block-fields.ts`) change exactly what they name: a
 * code block's title, line numbers and wrapping, an image's caption, alt and dark variant,
 * an embed's address, a formula, a button's label and link, an update's date and tags, a
 * condition, a content-ref's target.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Editor, type JSONContent } from '@tiptap/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Field, fieldTargetOf, fieldValueOf } from '../src/editor/block-fields';
import { blocksToEditor } from '../src/editor/document-to-editor';
import { editorToMarkdown, markdownToEditor } from '../src/editor/editor-content';
import { blocksToDocument } from '../src/editor/editor-to-document';
import { editorExtensions, editorSchema } from '../src/editor/extensions';
import { INSERT_ITEMS, insertItem } from '../src/editor/insert-items';
import { GITBOOK_BLOCKS } from './support/gitbook-documents';

beforeAll(() => {
  const empty = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => empty as DOMRect;
});

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const types = (doc: JSONContent): string[] => (doc.content ?? []).map((node) => node.type ?? '');

describe('every block of the insert menu', () => {
  // (The emoji and the mention are chosen from a picker first: `editor-pickers.test.tsx`.)
  for (const item of INSERT_ITEMS.filter((candidate) => candidate.pick === undefined)) {
    it(`${item.label}: inserted, saved and read back as the same nodes`, () => {
      editor = new Editor({
        element: document.createElement('div'),
        extensions: editorExtensions,
        content: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Before.' }] },
            { type: 'paragraph' },
          ],
        },
      });
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
      expect(insertItem(editor, item)).toBe(true);
      const markdown = editorToMarkdown(editor.getJSON());
      const reread = markdownToEditor(markdown, editorSchema);
      expect(types(reread)).not.toContain('rawMarkdown');
      expect(editorToMarkdown(reread)).toBe(markdown);
      const inserted = item.content?.().type;
      const found = JSON.stringify(reread).includes(`"type":"${inserted}"`);
      expect(found).toBe(true);
    });
  }
});

/** The editor node of a hand-built block, its fields by id, and how to read the block back. */
function fieldsOf(name: string) {
  const block = GITBOOK_BLOCKS[name];
  if (!block) throw new Error('No block ' + name);
  const json = blocksToEditor([block as never])[0] as JSONContent;
  let node: ProseMirrorNode = editorSchema.nodeFromJSON(json);
  const target = fieldTargetOf(node);
  if (!target) throw new Error('No fields for ' + name);
  const byId = new Map<string, Field>(target.fields.map((field) => [field.id, field]));
  return {
    get: (id: string) => byId.get(id)?.get(fieldValueOf(node, target.attribute)),
    set: (id: string, input: string | boolean) => {
      const field = byId.get(id);
      if (!field) throw new Error('No field ' + id);
      const next = field.set(fieldValueOf(node, target.attribute), input);
      node = node.type.create({ ...node.attrs, [target.attribute]: next }, node.content);
    },
    block: () =>
      blocksToDocument([node.toJSON() as JSONContent])[0] as unknown as {
        data: Record<string, unknown>;
      } & Record<string, unknown>,
  };
}

describe('fields of blocks', () => {
  it('a code block’s title, line numbers and wrapping', () => {
    const code = fieldsOf('code');
    expect([code.get('title'), code.get('lines'), code.get('wrap')]).toEqual(['index.ts', true, true]);
    code.set('title', 'main.ts');
    code.set('lines', false);
    code.set('wrap', false);
    expect(code.block().data).toEqual({ syntax: 'ts', title: 'main.ts' });
  });

  it('an image’s address, alt text, caption, width and dark variant', () => {
    const images = fieldsOf('images');
    expect([images.get('src'), images.get('alt'), images.get('caption')]).toEqual([
      'https://example.com/a.png',
      'A',
      'The caption',
    ]);
    images.set('caption', 'New caption');
    images.set('alt', '');
    images.set('dark', 'https://example.com/dark.png');
    images.set('width', '50%');
    const [image] = images.block().nodes as { data: Record<string, unknown>; fragments: unknown[] }[];
    expect(image?.data).toEqual({
      ref: { kind: 'url', url: 'https://example.com/a.png' },
      refDark: { kind: 'url', url: 'https://example.com/dark.png' },
      width: { unit: '%', value: 50 },
    });
    expect(image?.fragments).toEqual([
      {
        object: 'fragment',
        fragment: 'caption',
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'New caption', marks: [] }] }],
          },
        ],
      },
    ]);
    images.set('caption', '');
    expect((images.block().nodes as { fragments: unknown[] }[])[0]?.fragments).toEqual([]);
  });

  it('an embed’s address, a formula and a content-ref’s target', () => {
    const embed = fieldsOf('embed');
    embed.set('url', 'https://vimeo.com/1');
    expect(embed.block().data).toEqual({ url: 'https://vimeo.com/1' });
    const math = fieldsOf('math');
    math.set('formula', 'a^2 + b^2');
    expect(math.block().data).toEqual({ formula: 'a^2 + b^2' });
    const ref = fieldsOf('content-ref');
    expect(ref.get('target')).toBe('/pages/page-2');
    ref.set('target', '/pages/page-3');
    expect(ref.block().data).toEqual({ ref: { kind: 'page', page: 'page-3' } });
  });

  it('an update’s date and tags, a condition, a hint’s icon', () => {
    const updates = blocksToEditor([GITBOOK_BLOCKS.updates as never])[0] as JSONContent;
    const update = editorSchema.nodeFromJSON(updates.content?.[0] as JSONContent);
    const target = fieldTargetOf(update);
    const tags = target?.fields.find((field) => field.id === 'tags');
    expect(tags?.get(fieldValueOf(update, 'data'))).toBe('new');
    expect(tags?.set(fieldValueOf(update, 'data'), 'new, fix')).toEqual({
      date: '2026-11-01T00:00:00.000Z',
      tags: [
        { kind: 'tag', tag: 'new' },
        { kind: 'tag', tag: 'fix' },
      ],
    });
    const condition = fieldsOf('if');
    condition.set('condition', 'visitor.claims.plan == "pro"');
    expect(condition.block().data).toEqual({ expression: 'visitor.claims.plan == "pro"' });
    const hint = fieldsOf('hint with icon');
    hint.set('icon', 'rocket');
    expect(hint.block().data).toEqual({ style: 'warning', icon: 'rocket' });
  });

  it('a button’s label, link and kind', () => {
    const paragraph = blocksToEditor([GITBOOK_BLOCKS.inlines as never])[0] as JSONContent;
    const buttonJson = paragraph.content?.find(
      (node) => node.attrs?.inline?.type === 'button',
    ) as JSONContent;
    const button = editorSchema.nodeFromJSON(buttonJson);
    const target = fieldTargetOf(button);
    const fields = new Map(target?.fields.map((field) => [field.id, field]));
    let value = fieldValueOf(button, 'inline');
    value = fields.get('label')?.set(value, 'Get started') ?? value;
    value = fields.get('url')?.set(value, '/pages/start') ?? value;
    value = fields.get('kind')?.set(value, 'secondary') ?? value;
    expect(value).toEqual({
      object: 'inline',
      type: 'button',
      isVoid: true,
      data: { label: 'Get started', kind: 'secondary', ref: { kind: 'page', page: 'start' } },
    });
  });
});
