/**
 * Cards and uploads in the editor (`cards-fields.ts`, `pending-uploads.ts`): a card is added,
 * removed, titled, given a target and a cover, and the cards are saved as GitBook's markdown
 * and read back as the same cards; a cover column of files keeps files, and becomes one image
 * per card when given an address. An image chosen from the computer is held until the save,
 * referred to as `./<ref>`, and sent in the save's batch only while the page refers to it.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { JSONContent } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { normalizeMarkdown } from '../../../packages/documents/src/index';
import { type Field, fieldTargetOf, fieldValueOf } from '../src/editor/block-fields';
import { editorToMarkdown, markdownToEditor } from '../src/editor/editor-content';
import { editorSchema } from '../src/editor/extensions';
import { INSERT_ITEMS } from '../src/editor/insert-items';
import {
  insertFilesChange,
  MAX_UPLOAD_BYTES,
  pendingUploadOf,
  uploadRef,
  uploadUrl,
} from '../src/editor/pending-uploads';

/** The fields of the first block of `doc`, each change made to that block in place. */
function fieldsOfFirst(doc: JSONContent) {
  let node: ProseMirrorNode = editorSchema.nodeFromJSON(doc.content?.[0] as JSONContent);
  const target = () => {
    const found = fieldTargetOf(node);
    if (!found) throw new Error('No fields for ' + node.type.name);
    return found;
  };
  const field = (id: string): Field => {
    const found = target().fields.find((candidate) => candidate.id === id);
    if (!found)
      throw new Error(
        'No field ' +
          id +
          ' among ' +
          target()
            .fields.map((f) => f.id)
            .join(', '),
      );
    return found;
  };
  return {
    ids: () => target().fields.map((candidate) => candidate.id),
    get: (id: string) => field(id).get(fieldValueOf(node, target().attribute)),
    set: (id: string, input: string | boolean) => {
      const { attribute } = target();
      node = node.type.create({
        ...node.attrs,
        [attribute]: field(id).set(fieldValueOf(node, attribute), input),
      });
    },
    markdown: () => editorToMarkdown({ type: 'doc', content: [node.toJSON() as JSONContent] }),
  };
}

const cardsItem = INSERT_ITEMS.find((item) => item.id === 'cards');

describe('cards in the editor', () => {
  it('adds, removes, titles, links and covers cards; saved and read back the same', () => {
    if (!cardsItem?.content) throw new Error('no cards item');
    const cards = fieldsOfFirst({ type: 'doc', content: [cardsItem.content()] });
    expect([cards.get('card0'), cards.get('card1')]).toEqual(['Card 1', 'Card 2']);
    cards.set('add', true);
    expect(cards.get('card2')).toBe('New card');
    cards.set('card2', 'Third');
    cards.set('target2', '/pages/page-3');
    cards.set('cover2', 'https://images.example/third.png');
    cards.set('target0', 'https://example.com/first');
    cards.set('remove1', true);
    expect(cards.ids()).toEqual(expect.arrayContaining(['card0', 'card1', 'add']));
    expect(cards.ids()).not.toContain('card2');

    const saved = cards.markdown();
    expect(saved).toBe(normalizeMarkdown(saved));
    expect(saved).toContain('data-view="cards"');
    const reread = markdownToEditor(saved, editorSchema);
    expect((reread.content ?? []).map((node) => node.type)).toEqual(['gitbookBlock']);
    const back = fieldsOfFirst(reread);
    expect([back.get('card0'), back.get('target0'), back.get('cover0')]).toEqual([
      'Card 1',
      'https://example.com/first',
      '',
    ]);
    expect([back.get('card1'), back.get('target1'), back.get('cover1')]).toEqual([
      'Third',
      '/pages/page-3',
      'https://images.example/third.png',
    ]);
    // One card left cannot be removed (a cards block holds at least one).
    back.set('remove1', true);
    expect(back.ids()).not.toContain('remove0');
  });

  it('a cover column of files keeps files, and becomes one image per card for an address', () => {
    const stored = normalizeMarkdown(
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td>One</td><td><a href="/files/f1">a.png</a></td></tr><tr><td>Two</td><td><a href="/files/f2">b.png</a></td></tr></tbody></table>\n',
    );
    const doc = markdownToEditor(stored, editorSchema);
    expect(editorToMarkdown(doc)).toBe(stored);
    const cards = fieldsOfFirst(doc);
    expect([cards.get('cover0'), cards.get('cover1')]).toEqual(['/files/f1', '/files/f2']);
    cards.set('cover0', '/files/f3');
    expect(cards.markdown()).toContain('data-type="files"');
    expect(cards.markdown()).toContain('/files/f3');
    cards.set('cover1', 'https://images.example/two.png');
    const saved = cards.markdown();
    expect(saved).toContain('data-type="image"');
    const back = fieldsOfFirst(markdownToEditor(saved, editorSchema));
    expect([back.get('cover0'), back.get('cover1')]).toEqual(['/files/f3', 'https://images.example/two.png']);
  });
});

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

describe('images uploaded from the editor', () => {
  it('reads an image for the save, refusing what is too large or not an image', async () => {
    const pending = await pendingUploadOf(new File([PNG], 'My Diagram.PNG', { type: 'image/png' }));
    expect(pending.ref).toMatch(/^upload-[a-z0-9]+-my-diagram\.png$/);
    expect(pending.contentType).toBe('image/png');
    expect(Uint8Array.from(atob(pending.base64), (char) => char.charCodeAt(0))).toEqual(PNG);
    await expect(
      pendingUploadOf(new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.png', { type: 'image/png' })),
    ).rejects.toThrow('1 MB at most');
    await expect(pendingUploadOf(new File(['<script>'], 'x.html', { type: 'text/html' }))).rejects.toThrow(
      'not an image',
    );
    expect(uploadRef('../../etc/passwd', () => 0.5)).toMatch(/^upload-[a-z0-9]+-passwd\.bin$/);
    expect(uploadRef('', () => 0)).toBe('upload-0-file.bin');
  });

  it('puts the upload in the image as ./<ref>, saved as markdown and sent with the page only while used', async () => {
    const image = INSERT_ITEMS.find((item) => item.id === 'image');
    if (!image?.content) throw new Error('no image item');
    const pending = await pendingUploadOf(new File([PNG], 'shot.png', { type: 'image/png' }));
    const images = fieldsOfFirst({ type: 'doc', content: [image.content()] });
    images.set('upload', uploadUrl(pending.ref));
    images.set('alt', 'A shot');
    const saved = images.markdown();
    expect(saved).toContain('](./' + pending.ref + ')');
    const reread = markdownToEditor(saved, editorSchema);
    expect((reread.content ?? []).map((node) => node.type)).toEqual(['gitbookBlock']);
    const files = new Map([[pending.ref, pending]]);
    expect(insertFilesChange(files, saved)).toEqual({
      operation: 'insert_files',
      files: [{ name: 'shot.png', contentType: 'image/png', base64: pending.base64, ref: pending.ref }],
    });
    expect(insertFilesChange(files, 'The image was removed.\n')).toBeUndefined();
  });
});
