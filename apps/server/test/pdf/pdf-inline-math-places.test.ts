/**
 * Inline math outside a paragraph's flow (issue 27, item 4): in a table's cell, an image's
 * caption and an expandable's summary, a formula is typeset by MathJax as in a paragraph,
 * never printed as its TeX source.
 */
import { Writable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { markdownToDocument } from '@quire/documents';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src/pdf/render-pdf';
import { canTypesetMath } from '../../src/pdf/typeset-math';
import { markdownDocument, PNG } from './pdf-fixtures';
import { readPdf } from './pdf-text';

async function rendered(markdown: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk as Buffer);
      done();
    },
  });
  const images = new Map([['https://images.example/a.png', PNG]]);
  const document = markdownDocument('Math', [{ id: 'p', title: 'Page', depth: 0, markdown }], images);
  await renderPdf({ ...document, bodyOf: async () => withInlineMath(markdownToDocument(markdown)) }, output);
  return Buffer.concat(chunks);
}

/**
 * The document with each `$$formula$$` left as text (in GitBook's HTML: a caption, a summary)
 * made an inline formula, as the editor or the API stores one there.
 */
function withInlineMath<T>(node: T): T {
  if (Array.isArray(node)) return node.flatMap((child) => splitText(child)) as T;
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withInlineMath(value)])) as T;
}

function splitText(node: unknown): unknown[] {
  const text = node as { object?: string; leaves?: Array<{ text: string }> };
  if (text.object !== 'text' || text.leaves?.length !== 1 || !text.leaves[0]!.text.includes('$$'))
    return [withInlineMath(node)];
  return text.leaves[0]!.text.split(/\$\$([^$]+)\$\$/).map((piece, index) =>
    index % 2 === 1
      ? { object: 'inline', type: 'inline-math', isVoid: true, data: { formula: piece } }
      : { object: 'text', leaves: [{ object: 'leaf', text: piece, marks: [] }] },
  );
}

/** Paths filled in the page content (MathJax's glyphs are filled outlines; text is not). */
function filledPaths(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  let count = 0;
  const stream = /stream\r?\n/g;
  for (let match = stream.exec(text); match; match = stream.exec(text)) {
    const start = match.index + match[0].length;
    try {
      const operators = inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString('latin1');
      count += operators.match(/(^|\s)f\*?(\s|$)/g)?.length ?? 0;
    } catch {
      // Not a deflated stream: no drawing operators.
    }
  }
  return count;
}

const page = (formula: (n: number) => string) =>
  [
    `| Name | Value |\n| - | - |\n| energy | is ${formula(1)} here |\n| two | ${formula(2)} and ${formula(3)} |`,
    `<figure><img src="https://images.example/a.png" alt="A figure"><figcaption><p>Caption with ${formula(4)} inside</p></figcaption></figure>`,
    `<details>\n\n<summary>Summary with ${formula(5)} inside</summary>\n\nThe body.\n\n</details>`,
  ].join('\n\n');

describe('inline math in cells, captions and summaries', () => {
  it.runIf(canTypesetMath())('is typeset, its TeX never printed, the text around it kept', async () => {
    const withMath = await rendered(page((n) => `$$x_${n}^{${n + 1}}$$`));
    const { text } = await readPdf(withMath);
    const flat = text.replace(/\s+/g, ' ');
    for (const words of ['energy', 'is', 'here', 'Caption with', 'inside', 'Summary with', 'The body.'])
      expect(flat).toContain(words);
    for (let n = 1; n <= 5; n++) expect(flat).not.toContain(`x_${n}`);
    // Each formula's glyphs are drawn: more filled outlines than the same page with words.
    const withWords = await rendered(page((n) => `word${n}`));
    expect(filledPaths(withMath)).toBeGreaterThanOrEqual(filledPaths(withWords) + 5 * 2);
  });

  it('a cell holding no-break spaces of its own still reads (they are not taken for formulas)', async () => {
    const { text } = await readPdf(await rendered('| a |\n| - |\n| one\u00a0two $$y$$ three |'));
    expect(text.replace(/\s+/g, ' ')).toContain('one two');
    expect(text).not.toContain('$$');
  });
});
