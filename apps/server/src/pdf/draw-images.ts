/**
 * Image blocks: each image's bytes come from the document's `imageOf` when it is drawn and
 * are dropped once pdfkit has embedded them. PNG and JPEG are the two formats a PDF embeds
 * without conversion (pdfkit supports only those); anything else, bytes that do not parse,
 * or no bytes at all are drawn as an `[image]` placeholder with the alt text. An image is
 * scaled down to the column's width and to half a page's height, never up, and starts a new
 * PDF page when it does not fit on this one. A caption is drawn under it.
 */
import type { DocumentBlockImage } from '@quire/documents';
import { imageSize } from 'image-size';
import { type Column, type DrawContext, keepSpace } from './draw-context';
import { drawInlines, inlinesOfParagraphs } from './draw-inlines';
import { COLOR, FONT, GAP, SIZE } from './pdf-style';

const EMBEDDED_TYPES = new Set(['png', 'jpg']);

export async function drawImages(
  context: DrawContext,
  images: readonly DocumentBlockImage[],
  column: Column,
): Promise<void> {
  for (const image of images) {
    const bytes = await context.imageOf(image.data.ref);
    const drawn = bytes !== null && drawImage(context.doc, bytes, column);
    if (!drawn) drawPlaceholder(context.doc, image.data.alt, column);
    const caption = image.fragments.find((fragment) => fragment.fragment === 'caption');
    // Drawn as text is (its marks, links, emoji, inline math typeset), in the caption's style.
    const inlines = inlinesOfParagraphs(caption?.nodes ?? []);
    if (inlines.length > 0) {
      context.doc.y += GAP.tight;
      drawInlines(context, inlines, column, { size: SIZE.caption, italic: true, color: COLOR.muted });
    }
  }
}

/** Draws PNG or JPEG bytes; false when they are anything else or do not parse. */
function drawImage(doc: PDFKit.PDFDocument, bytes: Uint8Array, column: Column): boolean {
  const size = sizeOf(bytes);
  if (!size) return false;
  const maxHeight = (doc.page.maxY() - doc.page.margins.top) / 2;
  const scale = Math.min(1, column.width / size.width, maxHeight / size.height);
  const width = size.width * scale;
  const height = size.height * scale;
  keepSpace(doc, height);
  try {
    doc.image(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), column.x, doc.y, {
      width,
      height,
    });
  } catch {
    return false;
  }
  doc.y += height;
  return true;
}

function sizeOf(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    const size = imageSize(bytes);
    return EMBEDDED_TYPES.has(size.type ?? '') && size.width > 0 && size.height > 0
      ? { width: size.width, height: size.height }
      : undefined;
  } catch {
    return undefined;
  }
}

function drawPlaceholder(doc: PDFKit.PDFDocument, alt: string | undefined, column: Column): void {
  doc
    .font(FONT.italic)
    .fontSize(SIZE.body)
    .fillColor(COLOR.muted)
    .text(alt ? '[image: ' + alt + ']' : '[image]', column.x, doc.y, { width: column.width });
}
