/**
 * Emoji, icons and math in the PDF (`emoji-font.ts`, `typeset-math.ts`, `draw-math.ts`):
 * emoji (GitBook's inline emoji and emoji typed in the text) are drawn in the embedded emoji
 * font, or written as their code points when it is not installed; an icon is written as its
 * name; a math block is typeset by MathJax as vector paths with its source laid over it as
 * invisible text (found by a search), and printed as source when MathJax cannot read it.
 */
import { Writable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { emojiFontBytes, emojiName, emojiOfCode, emojiRuns } from '../../src/pdf/emoji-font';
import { renderPdf } from '../../src/pdf/render-pdf';
import { canTypesetMath, matricesOf, typesetMath } from '../../src/pdf/typeset-math';
import { markdownDocument } from './pdf-fixtures';
import { readPdf } from './pdf-text';

async function rendered(markdown: string, title = 'Page'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk as Buffer);
      done();
    },
  });
  await renderPdf(markdownDocument('Symbols', [{ id: 'p', title, depth: 0, markdown }]), output);
  return Buffer.concat(chunks);
}

/** The fill colour of a code block's background (#f3f4f6), as pdfkit writes it. */
const CODE_BACKGROUND = '0.9529411764705882 0.9568627450980393 0.9647058823529412 scn';

/** The PDF's page content streams, inflated: what is drawn, as PDF operators. */
function contentStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  const stream = /stream\r?\n/g;
  for (let match = stream.exec(text); match; match = stream.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (an image, a font): not drawing operators.
    }
  }
  return out.join('\n');
}

describe('emoji in the PDF', () => {
  it('cuts text at its emoji, joined sequences, skin tones and flags each one piece', () => {
    expect(emojiRuns('Go 🚀 now 👨‍👩‍👧 and 👍🏽 🇫🇷!')).toEqual([
      { text: 'Go ', emoji: false },
      { text: '🚀', emoji: true },
      { text: ' now ', emoji: false },
      { text: '👨‍👩‍👧', emoji: true },
      { text: ' and ', emoji: false },
      { text: '👍🏽', emoji: true },
      { text: ' ', emoji: false },
      { text: '🇫🇷', emoji: true },
      { text: '!', emoji: false },
    ]);
    expect(emojiRuns('© 2024 plain')).toEqual([{ text: '© 2024 plain', emoji: false }]);
    expect(emojiName('❤️')).toBe('[U+2764]');
    expect(emojiOfCode('1f680')).toBe('🚀');
    expect(emojiOfCode('1f468-200d-1f469')).toBe('👨‍👩');
    expect(emojiOfCode('zz')).toBeUndefined();
    expect(emojiOfCode('110000')).toBeUndefined();
  });

  it('cuts 64 KB of emoji and text in linear time', () => {
    const text = '👍🏽a'.repeat(16_000);
    expect(emojiRuns(text)).toHaveLength(32_000);
  });

  it('draws inline and typed emoji in the embedded font, or names them without it; icons by name', async () => {
    const pdf = await rendered(
      'Launch :rocket: now, typed 🎉 too, with a <i class="fa-bolt">:bolt:</i> icon.',
    );
    const { text } = await readPdf(pdf);
    expect(text).toContain('[icon: bolt]');
    if (emojiFontBytes()) {
      expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoEmoji/);
      expect(text).not.toContain('[U+');
    } else {
      expect(text).toContain('[U+1F680]');
      expect(text).toContain('[U+1F389]');
      expect(text).toContain('Release [U+1F6A2] notes');
    }
  });
});

describe('math in the PDF', () => {
  it('reads the transforms MathJax writes, and refuses others', () => {
    expect(matricesOf('translate(220,676) scale(0.5)')).toEqual([
      [1, 0, 0, 1, 220, 676],
      [0.5, 0, 0, 0.5, 0, 0],
    ]);
    expect(matricesOf('scale(1,-1)')).toEqual([[1, 0, 0, -1, 0, 0]]);
    expect(matricesOf('rotate(45)')).toBeUndefined();
    expect(matricesOf(null)).toEqual([]);
  });

  it('prints a formula MathJax cannot read as its source', async () => {
    expect(typesetMath('\\frac{a', true)).toBeUndefined();
    expect(typesetMath('', true)).toBeUndefined();
    expect(typesetMath('x'.repeat(5_000), true)).toBeUndefined();
    const pdf = await rendered('$$\n\\frac{a\n$$');
    expect((await readPdf(pdf)).text).toContain('\\frac{a');
    expect(contentStreams(pdf)).toContain(CODE_BACKGROUND);
  });

  it.runIf(canTypesetMath())('typesets a math block as paths, its source searchable over it', async () => {
    const math = typesetMath('\\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}', true);
    expect(math?.shapes.filter((shape) => shape.kind === 'path').length).toBeGreaterThan(10);
    expect(math?.shapes.some((shape) => shape.kind === 'rect')).toBe(true); // the fraction's rule
    const pdf = await rendered('Before.\n\n$$\n\\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\n$$\n\nAfter.');
    const { text } = await readPdf(pdf);
    expect(text).toContain('\\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}');
    // Glyph outlines filled one by one, where the source alone would be one text run.
    const drawn = contentStreams(pdf);
    expect((drawn.match(/\nf\n/g) ?? []).length).toBeGreaterThanOrEqual(12);
    // No code box behind it (the source fallback's grey background, #f3f4f6).
    expect(drawn).not.toContain(CODE_BACKGROUND);
  });
});
