/**
 * A math block in the PDF: the formula typeset by MathJax (`typeset-math.ts`), centred in the
 * column and scaled down to fit it, with its TeX source laid over it as invisible text, so the
 * PDF can be searched and the formula copied as it was written. When it cannot be typeset
 * (MathJax missing, a formula it cannot read), its source in the code style, as before.
 */
import type { DocumentBlockCode } from '@quire/documents';
import { drawCode } from './draw-code';
import { type Column, keepSpace } from './draw-context';
import { COLOR, FONT, GAP, SIZE } from './pdf-style';
import { drawTypesetMath, typesetMath } from './typeset-math';

/** A display formula's em: a little larger than the body text, as TeX sets it. */
const MATH_EM = SIZE.body * 1.15;

export function drawMath(doc: PDFKit.PDFDocument, formula: string, column: Column): void {
  const math = typesetMath(formula, true);
  if (!math) {
    drawCode(doc, sourceBlock(formula), column);
    return;
  }
  const em = Math.min(MATH_EM, (column.width * 1000) / Math.max(math.box.width, 1));
  const width = (math.box.width * em) / 1000;
  const height = (math.box.height * em) / 1000;
  keepSpace(doc, height + GAP.block);
  const top = doc.y + GAP.tight;
  const left = column.x + (column.width - width) / 2;
  doc.fillColor(COLOR.text);
  drawTypesetMath(doc, math, left, top, em);
  // The source, invisible, over the formula on one line (Courier's glyphs are 0.6 em wide):
  // found by a search, copied as written.
  const source = formula.replace(/\s+/g, ' ').trim();
  const size = Math.max(1, Math.min(SIZE.code, (Math.max(width, 40) / (source.length * 0.6)) * 0.98));
  doc.save();
  doc
    .font(FONT.code)
    .fontSize(size)
    .fillOpacity(0)
    .text(source, left, top, { width: Math.max(width, 40), lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
  doc.x = column.x;
  doc.y = top + height + GAP.tight;
}

function sourceBlock(formula: string): DocumentBlockCode {
  return {
    object: 'block',
    type: 'code',
    data: { syntax: 'latex' },
    nodes: formula.split('\n').map((line) => ({
      object: 'block',
      type: 'code-line',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
    })),
  };
}
