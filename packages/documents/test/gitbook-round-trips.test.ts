import { describe, expect, it } from 'vitest';
import {
  type DocumentInlineContent,
  documentToMarkdown,
  type JSONDocument,
  markdownToDocument,
  normalizeMarkdown,
} from '../src/index';

/**
 * The forms of the round trips added for issue 27 item 2: each document written as GitBook's
 * markdown, and that markdown read back as the same document.
 */

const text = (value: string): DocumentInlineContent => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: [] }],
});

function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name, item]) => name !== 'key' && item !== undefined)
      .map(([name, item]) => [name, withoutKeys(item)]),
  );
}

const paragraphDocument = (...nodes: DocumentInlineContent[]): JSONDocument => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes }],
});

function expectRoundTrip(document: JSONDocument, markdown: string): void {
  expect(documentToMarkdown(document)).toBe(markdown);
  expect(withoutKeys(markdownToDocument(markdown))).toEqual(withoutKeys(document));
  expect(normalizeMarkdown(markdown)).toBe(markdown);
}

describe('text that looks like a URL', () => {
  it.each([
    ['see https://www.example.com now', 'see https\\://www\\.example.com now\n'],
    ['www.example.com', 'www\\.example.com\n'],
    ['write to a@b.co', 'write to a\\@b.co\n'],
    ['mailto:a@b.com', 'mailto:a\\@b.com\n'],
    ['xmpp:a@b.c/d', 'xmpp:a\\@b.c/d\n'],
  ])('%j stays text', (value, markdown) => {
    expectRoundTrip(paragraphDocument(text(value)), markdown);
  });

  it('a URL written plainly is still a link (GFM literal autolinks)', () => {
    const [paragraph] = markdownToDocument('see https://www.example.com and a@b.co\n').nodes;
    expect(
      (paragraph as { nodes: Array<{ type?: string }> }).nodes.map((node) => node.type ?? 'text'),
    ).toEqual(['text', 'link', 'text', 'link']);
  });
});
