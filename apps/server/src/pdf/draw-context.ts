/**
 * What every drawing function needs: the pdfkit document, the image source, and which page
 * ids are in this export (a link to one of them jumps inside the PDF, to its named
 * destination; a link to any other page has nowhere to go and stays plain text).
 */
import type { IncludeBudget } from './include-budget';
import type { PdfDocument } from './pdf-document';

export interface DrawContext {
  doc: PDFKit.PDFDocument;
  imageOf: PdfDocument['imageOf'];
  exportedPageIds: ReadonlySet<string>;
  /** Titles of the exported pages by id (a content-ref to one is drawn as its title). */
  pageTitles: ReadonlyMap<string, string>;
  fileNames: Readonly<Record<string, string>>;
  /** The font emoji are drawn in; undefined when none is installed (then their code points). */
  emojiFont?: string | undefined;
  reusableOf: PdfDocument['reusableOf'];
  /** The reusable contents being drawn, outermost first: one of them again is a cycle. */
  including: readonly string[];
  /** What the page being drawn took in through its includes so far (one per page). */
  includes: IncludeBudget;
}

/** Reusable contents drawn inside one another at most this deep (as the content reads resolve them). */
export const MAX_INCLUDE_DEPTH = 8;

/** A column of the page to draw in: its left edge and width. */
export interface Column {
  x: number;
  width: number;
}

/** Starts a new PDF page unless `height` points still fit above the bottom margin. */
export function keepSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.maxY() && doc.y > doc.page.margins.top) doc.addPage();
}

/** The narrowest column indentation leaves: deeper blocks stop moving right. */
const MIN_COLUMN_WIDTH = 160;

/** `column` indented by `by` points, unless that would leave it narrower than `MIN_COLUMN_WIDTH`. */
export function indented(column: Column, by: number): Column {
  return column.width - by < MIN_COLUMN_WIDTH ? column : { x: column.x + by, width: column.width - by };
}
