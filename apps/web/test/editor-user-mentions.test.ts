/**
 * A member mention opens as the editor's mention (not raw markdown) and is saved with the
 * member's display name as its text, as GitBook writes it (issue 27): the names a page's
 * mentions had, or the one the picker gave.
 */
import { describe, expect, it } from 'vitest';
import { editorToMarkdown, markdownToEditor, noteUserName } from '../src/editor/editor-content';
import { editorSchema } from '../src/editor/extensions';

const types = (node: { type?: string; content?: unknown[] }): string[] => [
  node.type ?? '',
  ...(node.content ?? []).flatMap((child) => types(child as never)),
];

describe('member mentions in the editor', () => {
  it("open as mentions and save with the page's own name for the member", () => {
    const markdown = 'Ask [Ada Lovelace](https://app.gitbook.com/u/m-ada "mention") first.';
    const doc = markdownToEditor(markdown, editorSchema);
    expect(types(doc)).toContain('mention');
    expect(types(doc)).not.toContain('rawMarkdown');
    expect(editorToMarkdown(doc)).toBe(markdown + '\n');
  });

  it("a mention inserted from the picker is written with the member's name", () => {
    noteUserName('m-bob', 'Bob Marley');
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Ping ' },
            { type: 'mention', attrs: { data: { ref: { kind: 'user', user: 'm-bob' } } } },
          ],
        },
      ],
    };
    expect(editorToMarkdown(doc)).toBe('Ping [Bob Marley](https://app.gitbook.com/u/m-bob "mention")\n');
  });
});
