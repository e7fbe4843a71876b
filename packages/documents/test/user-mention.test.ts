/**
 * A mention of a member (GitBook's mention of a user, `ContentRefUser`): read from and
 * written as Git Sync writes it, `[Name](https://app.gitbook.com/u/<userId> "mention")`, and
 * accepted on write by the document schema. Issue 27, item 4 (the editor's member mentions).
 */
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, jsonDocumentSchema, markdownToDocument } from '../src/index';

const mention = (ref: unknown) => ({
  object: 'document',
  data: {},
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [
        { object: 'text', leaves: [{ object: 'leaf', text: 'By ', marks: [] }] },
        { object: 'inline', type: 'mention', isVoid: true, data: { ref } },
      ],
    },
  ],
});

describe('mentions of a user', () => {
  it("reads GitBook's form as a mention of the user", () => {
    const doc = markdownToDocument('By [Ada](https://app.gitbook.com/u/u-1_A "mention")\n');
    const paragraph = doc.nodes[0] as { nodes: unknown[] };
    expect(paragraph.nodes[1]).toMatchObject({
      type: 'mention',
      data: { ref: { kind: 'user', user: 'u-1_A' } },
    });
  });

  it('writes it back in that form, which reads back the same', () => {
    const markdown = documentToMarkdown(mention({ kind: 'user', user: 'u1' }) as never);
    expect(markdown).toBe('By [https://app.gitbook.com/u/u1](https://app.gitbook.com/u/u1 "mention")\n');
    const back = markdownToDocument(markdown).nodes[0] as { nodes: { data?: unknown }[] };
    expect(back.nodes[1]?.data).toEqual({ ref: { kind: 'user', user: 'u1' } });
  });

  it('is accepted on write; a user id that is no id, or another kind of reference, is not', () => {
    expect(jsonDocumentSchema.safeParse(mention({ kind: 'user', user: 'u1' })).success).toBe(true);
    expect(jsonDocumentSchema.safeParse(mention({ kind: 'user', user: 'a/b' })).success).toBe(false);
    expect(jsonDocumentSchema.safeParse(mention({ kind: 'space', space: 's1' })).success).toBe(false);
  });

  it('a link to another path of GitBook’s app, or not titled "mention", is no user mention', () => {
    const other = markdownToDocument('[x](https://app.gitbook.com/u/a/b "mention")\n').nodes[0] as {
      nodes: { data?: { ref?: unknown } }[];
    };
    expect(other.nodes[0]?.data?.ref).toEqual({ kind: 'url', url: 'https://app.gitbook.com/u/a/b' });
    const link = markdownToDocument('[x](https://app.gitbook.com/u/a1)\n').nodes[0] as {
      nodes: { type?: string }[];
    };
    expect(link.nodes[0]?.type).toBe('link');
  });
});
