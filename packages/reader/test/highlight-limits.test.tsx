/**
 * Code highlighting bounded per block and per page (`highlight-code.ts`): a block past the
 * block's bound stays plain text, a page highlights its blocks until its characters are spent
 * (a later block that still fits is highlighted), and a block highlighted in slices has the
 * very tokens it has highlighted at once: the grammar's state is carried from slice to slice
 * (a comment or a string across a slice's end). A plain block's text is escaped.
 */
import { markdownToDocument } from '@quire/documents/to-document';
import { describe, expect, it } from 'vitest';
import { highlightCode, highlightKey } from '../src/highlight-code';
import { renderReaderPage } from '../src/render-page';
import { propsFor } from './support/page-props';

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\`\n`;

/** `size` characters of `line`s, whole lines. */
const linesOf = (line: string, size: number) =>
  Array.from({ length: Math.floor(size / (line.length + 1)) }, () => line).join('\n');

const JSON_LINE = '{"name": "quire", "values": [1, 2, 3, true, null], "nested": {"a": "b"}},';

describe('highlighting, bounded', () => {
  it('a block past the bound stays plain; real blocks around it are highlighted', async () => {
    const small = 'const answer: number = 42;';
    const huge = linesOf(
      '.a { color: red; background: url(x.png) } /* </code><script>x</script> */',
      256 * 1024,
    );
    const over = linesOf(JSON_LINE, 20 * 1024);
    const document = markdownToDocument(
      [
        fence('typescript', small),
        fence('css', huge),
        fence('json', over),
        fence('python', 'print("hi")'),
      ].join('\n'),
    );
    const code = await highlightCode([document]);
    expect(code.has(highlightKey('typescript', small))).toBe(true);
    expect(code.has(highlightKey('python', 'print("hi")'))).toBe(true);
    expect(code.has(highlightKey('css', huge))).toBe(false);
    expect(code.has(highlightKey('json', over))).toBe(false);

    const html = renderReaderPage(
      await propsFor({
        page: { id: 'p-code', title: 'Code', document, updatedAt: '2026-11-01T10:00:00.000Z', path: 'code' },
        code,
      }),
    );
    expect(html).toContain('&lt;/code&gt;&lt;script&gt;x&lt;/script&gt;');
    expect([...html.matchAll(/<script\b/g)]).toHaveLength(1);
  });

  it('a page highlights until its characters are spent; a later block that fits still is', async () => {
    const blocks = [0, 1, 2].map((n) => linesOf(`${JSON_LINE} ${n}`, 12 * 1024));
    const last = 'SELECT 1;';
    const document = markdownToDocument(
      [...blocks.map((code) => fence('json', code)), fence('sql', last)].join('\n'),
    );
    const code = await highlightCode([document]);
    expect(blocks.map((block) => code.has(highlightKey('json', block)))).toEqual([true, true, false]);
    expect(code.has(highlightKey('sql', last))).toBe(true);
  });

  it('a block highlighted in slices has the tokens it has whole: state carried across slices', async () => {
    // A comment and a template string opened on one line and closed lines later, past the
    // slices' ends (2 KB), so only a carried grammar state colours their second lines as such.
    const unit = ['/* a comment', '   spanning lines */ const x = `tpl', 'more`;', 'export const y = "s";'];
    const lines: string[] = [];
    while (lines.join('\n').length < 10 * 1024) lines.push(...unit);
    const whole = lines.join('\n');
    const sliced = (await highlightCode([markdownToDocument(fence('typescript', whole))])).get(
      highlightKey('typescript', whole),
    );
    expect(sliced).toBeDefined();
    expect(sliced).toHaveLength(lines.length);
    // Each line's tokens: the same as the first unit's (the grammar's state at each unit's start is the same).
    const first = sliced?.slice(0, unit.length);
    for (let at = 0; at + unit.length <= lines.length; at += unit.length)
      expect(sliced?.slice(at, at + unit.length), `line ${at}`).toEqual(first);
    const comment = first?.[1]?.[0];
    expect(comment?.text.startsWith('   spanning lines */')).toBe(true);
    expect(first?.[2]?.[0]?.text.startsWith('more`')).toBe(true);
  });
});
