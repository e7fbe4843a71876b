/**
 * The editor reads and writes the server's canonical markdown without loss: for every
 * construct the server supports, load -> no edit -> save gives the same markdown, and what
 * the editor cannot represent is kept verbatim as a raw-markdown block.
 */
import { describe, expect, it } from 'vitest';
import { markdownToDocument, normalizeMarkdown } from '../../../packages/documents/src/index';
import { blockToEditor } from '../src/editor/document-to-editor';
import { editorToMarkdown, markdownToEditor } from '../src/editor/editor-content';
import { editorSchema } from '../src/editor/extensions';
import { EDITOR_CONSTRUCTS as constructs } from './support/editor-constructs';

const canonical = (markdown: string) => normalizeMarkdown(markdown);
const roundTrip = (markdown: string) => editorToMarkdown(markdownToEditor(markdown, editorSchema));
const rawBlocks = (markdown: string) =>
  (markdownToEditor(markdown, editorSchema).content ?? []).filter((node) => node.type === 'rawMarkdown');

describe('round trip without edits', () => {
  for (const [name, markdown] of Object.entries(constructs)) {
    it(name, () => {
      const stored = canonical(markdown);
      expect(roundTrip(stored)).toBe(stored);
      expect(rawBlocks(stored)).toEqual([]);
    });
  }

  it('all constructs in one page', () => {
    const stored = canonical(Object.values(constructs).join('\n'));
    expect(roundTrip(stored)).toBe(stored);
  });
});

describe('hint styles and code languages in the editor', () => {
  it('loads each hint style as a hint node of that style, and saves it unchanged', () => {
    for (const style of ['info', 'warning', 'danger', 'success']) {
      const stored = canonical(`{% hint style="${style}" %}\n\nText.\n\n{% endhint %}\n`);
      const [hint] = markdownToEditor(stored, editorSchema).content ?? [];
      expect(hint).toMatchObject({ type: 'hint', attrs: { style } });
      expect(roundTrip(stored)).toBe(stored);
    }
  });

  it('loads a fence’s language as the code block’s language, and saves it unchanged', () => {
    const stored = canonical('```ts\nconst a = 1;\n```\n');
    const [code] = markdownToEditor(stored, editorSchema).content ?? [];
    expect(code).toMatchObject({ type: 'codeBlock', attrs: { language: 'ts' } });
    expect(roundTrip(stored)).toBe(stored);
  });

  it('saves a language set in the editor as the fence’s info string', () => {
    const doc = markdownToEditor('```\nconst a = 1;\n```\n', editorSchema);
    const [code] = doc.content ?? [];
    if (code?.attrs) code.attrs.language = 'ts';
    expect(editorToMarkdown(doc)).toBe('```ts\nconst a = 1;\n```\n');
  });
});

describe('GitBook’s marks in the editor', () => {
  it('loads <kbd> as the keyboard mark, and saves it unchanged', () => {
    const stored = canonical('a <kbd>Ctrl</kbd> key\n\nnext\n');
    const [paragraph] = markdownToEditor(stored, editorSchema).content ?? [];
    expect(paragraph?.content?.[1]).toMatchObject({ text: 'Ctrl', marks: [{ type: 'keyboard' }] });
    expect(roundTrip(stored)).toBe(stored);
  });
});

describe('markdown the editor cannot represent', () => {
  const cases: Record<string, string> = {
    html: 'before\n\n<div class="x">\n  <b>html</b>\n</div>\n\nafter\n',
    // (`<kbd>` is GitBook's keyboard mark, which the editor has: `keyboard key` below.)
    'inline html': 'a <abbr title="HyperText">HTML</abbr> word\n\nnext\n',
    'reference links': 'A [ref][r] link.\n\n[r]: https://example.com\n\nAfter.\n',
    'front matter': '---\ntitle: X\n---\n\n# Heading\n',
    // GitBook's document model admits no code block in a hint (its nodes are the essential
    // blocks and tables), so the server's reader keeps the fence as text: the editor shows it raw.
    'code in a hint': '{% hint style="info" %}\n\n```python\nprint(1)\n```\n\n{% endhint %}\n',
    'code in a quote': '> quote\n>\n> ```\n> code\n> ```\n',
    'formatted table header': '| **A** | B |\n| - | - |\n| 1 | 2 |\n',
  };
  for (const [name, markdown] of Object.entries(cases)) {
    it(`keeps ${name} verbatim`, () => {
      const stored = canonical(markdown);
      expect(roundTrip(stored)).toBe(stored);
      expect(rawBlocks(stored).length).toBeGreaterThan(0);
    });
  }

  it('opens a footnote as GitBook’s annotation of the word before it, editable, and saves it unchanged', () => {
    const stored = canonical('Text[^1].\n\n[^1]: The note.\n');
    expect(roundTrip(stored)).toBe(stored);
    expect(rawBlocks(stored)).toEqual([]);
  });

  it('keeps a GitBook table whose cells hold lists or code as written, never flattening its cells', () => {
    const stored = canonical(
      '<table><thead><tr><th>Step</th><th>Notes</th></tr></thead><tbody><tr><td>Install</td><td><ul><li>one</li><li>two</li></ul></td></tr></tbody></table>\n',
    );
    const content = markdownToEditor(stored, editorSchema).content ?? [];
    expect(content.map((node) => node.type)).not.toContain('table');
    expect(roundTrip(stored)).toBe(stored);
    // The table block itself is kept, not made an editor table of flattened cells.
    const [table] = markdownToDocument(stored).nodes;
    expect(blockToEditor(table!).map((node) => node.type)).not.toContain('table');
  });

  it('keeps the editable blocks around a raw one editable', () => {
    const stored = canonical('# Title\n\n<aside>x</aside>\n\n- item\n');
    const content = markdownToEditor(stored, editorSchema).content ?? [];
    expect(content.map((node) => node.type)).toEqual(['heading', 'rawMarkdown', 'bulletList']);
    expect(content[1]?.attrs?.markdown).toBe('<aside>x</aside>');
  });
});
