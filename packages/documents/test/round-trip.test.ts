import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, jsonDocumentSchema, markdownToDocument, normalizeMarkdown } from '../src/index';

const corpus = readFileSync(new URL('./fixtures/corpus.md', import.meta.url), 'utf8');

describe('round trip over the corpus (every supported construct)', () => {
  it('markdown -> tree -> markdown gives the normalized markdown', () => {
    expect(documentToMarkdown(markdownToDocument(corpus))).toBe(normalizeMarkdown(corpus));
  });

  it('tree -> markdown -> tree gives the same tree', () => {
    const tree = markdownToDocument(corpus);
    expect(markdownToDocument(documentToMarkdown(tree))).toEqual(tree);
  });

  it('the produced tree passes the write schema', () => {
    const result = jsonDocumentSchema.safeParse(markdownToDocument(corpus));
    expect(result.error?.issues).toBeUndefined();
  });

  it('uses every block type Quire supports', () => {
    const types = new Set<string>();
    const visit = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as { type?: string; nodes?: unknown[]; fragments?: unknown[] };
      if (record.type) types.add(record.type);
      for (const child of [...(record.nodes ?? []), ...(record.fragments ?? [])]) visit(child);
    };
    visit(markdownToDocument(corpus));
    expect([...types].sort()).toEqual(
      [
        'blockquote',
        'code',
        'code-line',
        'divider',
        'heading-1',
        'heading-2',
        'heading-3',
        'hint',
        'image',
        'images',
        'inline-image',
        'link',
        'list-item',
        'list-ordered',
        'list-tasks',
        'list-unordered',
        'openapi-operation',
        'paragraph',
        'table',
      ].sort(),
    );
  });

  it('normalizing is idempotent', () => {
    const once = normalizeMarkdown(corpus);
    expect(normalizeMarkdown(once)).toBe(once);
  });
});
