/**
 * Renders a document to PDF with pdfkit, streamed: pdfkit writes each PDF page to `output`
 * when the next one starts, so what is held at any time is the page being drawn, one page
 * body, and the small tables of the file (page references, outline, destinations).
 *
 * Layout: a title page; the table of contents (titles indented by depth); then each page on
 * a new PDF page, its title as a heading, then its body. The contents has no page numbers:
 * they are known only once the pages are drawn, and writing them back would mean holding
 * every page until the end (pdfkit's `bufferPages`) or rendering twice. Instead each entry is
 * a link to its page (a named destination, resolved by the reader), the PDF has an outline
 * (the reader's bookmarks, nested like the tree). No page footers: pdfkit draws them only
 * from its `pageAdded` event, which fires in the middle of wrapping text and would change the
 * font and colour of the text being wrapped.
 *
 * Backpressure: after each page, when more than `BUFFERED_BYTES` wait in pdfkit's stream
 * (a slow reader), drawing waits for them to flow before fetching the next body.
 */
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { drawBlocks } from './draw-blocks';
import type { Column, DrawContext } from './draw-context';
import { drawInlines } from './draw-inlines';
import { emojiFontBytes } from './emoji-font';
import { IncludeBudget } from './include-budget';
import type { PdfDocument } from './pdf-document';
import { COLOR, FONT, GAP, MARGIN, PAGE_SIZE, SIZE } from './pdf-style';

/** The emoji font under its name in `doc`, when it is installed (`emoji-font.ts`). */
function registerEmojiFont(doc: PDFKit.PDFDocument): string | undefined {
  const bytes = emojiFontBytes();
  if (!bytes) return undefined;
  doc.registerFont(FONT.emoji, bytes);
  return FONT.emoji;
}

const BUFFERED_BYTES = 1024 * 1024;

export interface RenderPdfOptions {
  /** Told after each page of content is drawn: how many are, of how many. */
  onPageDrawn?: (drawn: number, total: number) => void;
  /** Aborted: drawing stops before the next page and the render rejects with the reason. */
  signal?: AbortSignal;
}

/**
 * Writes `document` as a PDF to `output` and ends it; resolves once `output` has finished.
 * Rejects when a callback fails, `output` closes early or `signal` aborts; `output` is then
 * left to the caller to destroy.
 */
export async function renderPdf(
  document: PdfDocument,
  output: NodeJS.WritableStream,
  options: RenderPdfOptions = {},
): Promise<void> {
  const doc = new PDFDocument({
    size: PAGE_SIZE,
    margin: MARGIN,
    autoFirstPage: false,
    displayTitle: true,
    info: { Title: document.title, Creator: 'Quire' },
  });
  doc.pipe(output);
  const done = finished(output);
  // The stream's own failure surfaces through `done`; keep it from being unhandled meanwhile.
  done.catch(() => undefined);
  const context: DrawContext = {
    doc,
    imageOf: document.imageOf,
    exportedPageIds: new Set(document.pages.map((page) => page.id)),
    pageTitles: new Map(document.pages.map((page) => [page.id, page.title])),
    emojiFont: registerEmojiFont(doc),
    fileNames: document.fileNames ?? {},
    reusableOf: document.reusableOf,
    including: [],
    includes: new IncludeBudget(),
  };
  drawTitlePage(doc, document.title);
  const column: Column = { x: MARGIN, width: doc.page.width - 2 * MARGIN };
  drawContents(doc, document, column);
  const outline: PDFKit.PDFOutline[] = [];
  for (const [index, page] of document.pages.entries()) {
    options.signal?.throwIfAborted();
    doc.addPage();
    doc.addNamedDestination(page.id);
    // The outline nests like the tree: a page's parent item is the last one a level up.
    outline.length = Math.min(page.depth, outline.length);
    const parent = outline.at(-1) ?? doc.outline;
    outline.push(parent.addItem(page.title));
    // Through the inline drawing, so an emoji in the title is drawn in the emoji font.
    drawInlines(
      context,
      [{ object: 'text', leaves: [{ object: 'leaf', text: page.title, marks: [] }] }],
      column,
      {
        size: SIZE.pageTitle,
        bold: true,
      },
    );
    doc.y += GAP.block;
    const body = await document.bodyOf(index);
    // Each page's includes have the bounds a read of that page has.
    await drawBlocks({ ...context, includes: new IncludeBudget() }, body.nodes, column);
    await flowed(doc, output);
    options.onPageDrawn?.(index + 1, document.pages.length);
  }
  doc.end();
  await done;
}

function drawTitlePage(doc: PDFKit.PDFDocument, title: string): void {
  doc.addPage();
  doc
    .font(FONT.bold)
    .fontSize(SIZE.documentTitle)
    .fillColor(COLOR.text)
    .text(title, MARGIN, doc.page.height / 3, { width: doc.page.width - 2 * MARGIN, align: 'center' });
}

function drawContents(doc: PDFKit.PDFDocument, document: PdfDocument, column: Column): void {
  doc.addPage();
  doc.font(FONT.bold).fontSize(SIZE.contentsTitle).fillColor(COLOR.text).text('Contents', column.x, doc.y);
  doc.y += GAP.block;
  doc.font(FONT.regular).fontSize(SIZE.contentsEntry);
  for (const page of document.pages) {
    const indent = Math.min(page.depth, 8) * GAP.contentsIndent;
    doc.text(page.title, column.x + indent, doc.y, {
      width: column.width - indent,
      goTo: page.id,
      lineGap: 3,
    });
  }
}

/** Waits, when a slow reader lets PDF bytes pile up, until some flow to `output`. */
async function flowed(doc: PDFKit.PDFDocument, output: NodeJS.WritableStream): Promise<void> {
  while (doc.readableLength > BUFFERED_BYTES) {
    await new Promise<void>((resolve, reject) => {
      const onData = () => {
        stop();
        resolve();
      };
      const onClose = () => {
        stop();
        reject(new Error('The PDF output closed before the document was written'));
      };
      const stop = () => {
        doc.off('data', onData);
        output.off('close', onClose);
        output.off('error', onClose);
      };
      doc.on('data', onData);
      output.on('close', onClose);
      output.on('error', onClose);
    });
  }
}
