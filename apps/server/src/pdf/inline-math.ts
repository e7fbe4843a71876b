/**
 * Inline math in the PDF's text flow. pdfkit lays text out itself, line by line, with no
 * place for a picture inside a line; so a formula is a blank in the flow (no-break spaces,
 * scaled to exactly the formula's width, so it never breaks inside and moves to the next line
 * whole), and the formula, typeset by MathJax (`typeset-math.ts`) at the text's size, is drawn
 * on the blank's baseline where pdfkit put it. pdfkit says where a piece of text lands only to
 * its own drawing method (`_fragment`), which is watched for the blank's call and left as it
 * was. A formula taller than a line and a half, or wider than the column, is scaled down.
 *
 * *Decision:* an inline formula has no text layer (the blank is spaces): its TeX source is
 * neither seen nor found in the PDF, as a formula's picture on a web page is not. A math
 * block keeps its source as invisible text over it (`draw-math.ts`), found by a search.
 */
import { drawTypesetMath, type TypesetMath, typesetMath } from './typeset-math';

export interface InlineMath {
  math: TypesetMath;
}

export const BLANK = '\u00a0';

/** Tallest an inline formula stands, in ems of the text: a fraction fits, a matrix is shrunk. */
const MAX_HEIGHT_EM = 1.6;

export function inlineMathOf(formula: string): InlineMath | undefined {
  const math = typesetMath(formula, false);
  return math ? { math } : undefined;
}

export interface Spacer {
  text: string;
  /** pdfkit's `horizontalScaling`, in percent, making the blank the formula's width. */
  scaling: number;
  /** Points to the formula's em. */
  em: number;
}

/** The blank standing for a formula, in the document's current font and size. */
export function inlineMathSpacer(
  doc: PDFKit.PDFDocument,
  { math }: InlineMath,
  size: number,
  columnWidth: number,
): Spacer {
  const em = Math.min(
    size,
    (size * MAX_HEIGHT_EM * 1000) / Math.max(math.box.height, 1),
    (columnWidth * 1000) / Math.max(math.box.width, 1),
  );
  const width = (math.box.width * em) / 1000;
  const blank = Math.max(doc.widthOfString(BLANK), 0.1);
  const count = Math.max(1, Math.ceil(width / blank));
  return { text: BLANK.repeat(count), scaling: (width / (count * blank)) * 100, em };
}

export interface Landing {
  x: number;
  /** The top of the line, as pdfkit places text. */
  y: number;
  /** The line's baseline below its top, for the font the blank was set in. */
  ascent: number;
}

interface FragmentDrawer {
  _fragment?: (text: string, x: number, y: number, options: unknown) => unknown;
  _font?: { ascender?: number };
  _fontSize?: number;
}

/** Runs `draw` (which sets `blank` in the flow) and answers where pdfkit drew the blank. */
export function whereSpacerLands(
  doc: PDFKit.PDFDocument,
  blank: string | undefined,
  draw: () => void,
): Landing | undefined {
  const watched = doc as unknown as FragmentDrawer;
  const original = watched._fragment;
  if (blank === undefined || typeof original !== 'function') {
    draw();
    return undefined;
  }
  let landed: Landing | undefined;
  const own = Object.hasOwn(watched, '_fragment');
  watched._fragment = function (this: unknown, text, x, y, options) {
    if (landed === undefined && text.includes(BLANK)) {
      const ascender = watched._font?.ascender ?? 718;
      landed = { x, y, ascent: (ascender / 1000) * (watched._fontSize ?? 0) };
    }
    return original.call(this, text, x, y, options);
  };
  try {
    draw();
  } finally {
    if (own) watched._fragment = original;
    else delete watched._fragment;
  }
  return landed;
}

export interface PlacedMath {
  math: InlineMath;
  em: number;
}

/**
 * Runs `draw` (which sets text holding blanks, one run of `BLANK` per formula, in `formulas`'
 * order, the text holding no other `BLANK`) and draws each formula on its blank as pdfkit
 * draws the blank's line: a table's cells, which pdfkit lays out and draws itself, page
 * breaks included. A line's text is drawn from its left (no justification in a cell), so a
 * blank stands the width of the text before it from the line's start.
 */
export function drawMathOnBlanks(
  doc: PDFKit.PDFDocument,
  formulas: readonly PlacedMath[],
  color: string,
  draw: () => void,
): void {
  const watched = doc as unknown as FragmentDrawer;
  const original = watched._fragment;
  if (formulas.length === 0 || typeof original !== 'function') {
    draw();
    return;
  }
  let next = 0;
  const own = Object.hasOwn(watched, '_fragment');
  watched._fragment = function (this: unknown, text, x, y, options) {
    const result = original.call(this, text, x, y, options);
    if (text.includes(BLANK)) {
      const ascent = ((watched._font?.ascender ?? 718) / 1000) * (watched._fontSize ?? 0);
      for (const run of text.matchAll(/\u00a0+/g)) {
        const placed = formulas[next++];
        if (placed === undefined) break;
        const left = x + doc.widthOfString(text.slice(0, run.index));
        drawInlineMath(doc, placed.math, { x: left, y, ascent }, placed.em, color);
      }
    }
    return result;
  };
  try {
    draw();
  } finally {
    if (own) watched._fragment = original;
    else delete watched._fragment;
  }
}

/** Draws the formula with its baseline on the blank's, in `color`. */
export function drawInlineMath(
  doc: PDFKit.PDFDocument,
  { math }: InlineMath,
  landing: Landing,
  em: number,
  color: string,
): void {
  const baseline = landing.y + landing.ascent;
  // The box's top is `box.y` units above the baseline (MathJax's baseline is y = 0).
  const top = baseline + (math.box.y * em) / 1000;
  doc.save();
  doc.fillColor(color).fillOpacity(1);
  drawTypesetMath(doc, math, landing.x, top, em);
  doc.restore();
}
