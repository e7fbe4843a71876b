/**
 * A page body's blocks, top to bottom, each drawn where the previous one ended; pdfkit
 * starts a new PDF page when text reaches the bottom margin. Containers (list items, quotes,
 * hints) draw their children in a narrower column, never narrower than `indented` allows.
 * GitBook's other blocks (tabs, steppers, expandables, columns, updates, math, embeds,
 * content-refs, files...) are `draw-gitbook-blocks.ts`'s; a file by address, which the reader
 * keeps as text, is a file line (`file-by-url-paragraphs.ts`). A quote's bar and a hint's frame are
 * drawn after their content, once its height is known; when the content ran onto a new PDF
 * page, they are drawn on the part of it that is on the last page.
 */

import type { DocumentBlock, DocumentBlockHint, DocumentBlockList } from '@quire/documents';
import { drawCode } from './draw-code';
import { type Column, type DrawContext, indented, keepSpace } from './draw-context';
import { drawGitbookBlock, GITBOOK_BLOCK_TYPES, linkLine } from './draw-gitbook-blocks';
import { drawImages } from './draw-images';
import { drawInlines } from './draw-inlines';
import { drawTable } from './draw-table';
import { fileByUrlAt, fileNameOf } from './file-by-url-paragraphs';
import { COLOR, FONT, GAP, HINT_COLOR, HINT_LABEL, SIZE } from './pdf-style';

export async function drawBlocks(
  context: DrawContext,
  blocks: readonly DocumentBlock[],
  column: Column,
  gap: number = GAP.block,
): Promise<void> {
  for (let index = 0; index < blocks.length; index += 1) {
    const file = fileByUrlAt(blocks, index);
    if (file) {
      linkLine(
        context,
        'File: ',
        file.caption || fileNameOf(file.src),
        { kind: 'url', url: file.src },
        column,
      );
      context.doc.y += gap;
      index += file.length - 1;
      continue;
    }
    await drawBlock(context, blocks[index] as DocumentBlock, column, gap);
  }
}

async function drawBlock(
  context: DrawContext,
  block: DocumentBlock,
  column: Column,
  gap: number,
): Promise<void> {
  const { doc } = context;
  if (GITBOOK_BLOCK_TYPES.has(block.type)) {
    await drawGitbookBlock(context, block, column, drawBlocks);
    doc.y += gap;
    return;
  }
  switch (block.type) {
    case 'paragraph':
      drawInlines(context, block.nodes, column, { size: SIZE.body });
      break;
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      // A heading keeps at least two lines of what follows on its page.
      keepSpace(doc, SIZE[block.type] * 1.4 + SIZE.body * 3);
      doc.y += GAP.block / 2;
      drawInlines(context, block.nodes, column, { size: SIZE[block.type], bold: true });
      break;
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      await drawList(context, block, column);
      break;
    case 'list-item':
      await drawBlocks(context, block.nodes, column, GAP.tight);
      break;
    case 'blockquote':
      await drawFramed(context, column, COLOR.rule, 'bar', (inner) =>
        drawBlocks(context, block.nodes, inner, GAP.tight),
      );
      break;
    case 'hint':
      await drawHint(context, block, column);
      break;
    case 'code':
      drawCode(doc, block, column);
      break;
    case 'table':
      drawTable(doc, block, column);
      break;
    case 'images':
      await drawImages(context, block.nodes, column);
      break;
    case 'image':
      await drawImages(context, [block], column);
      break;
    case 'openapi-operation':
      // The operation itself lives in the spec, not in the page: the PDF names it.
      keepSpace(doc, SIZE.body * 2);
      doc
        .font(FONT.codeBold)
        .fontSize(SIZE.code)
        .fillColor(COLOR.text)
        .text(`${block.data.method.toUpperCase()} ${block.data.path}`, column.x, doc.y, {
          width: column.width,
        })
        .font(FONT.italic)
        .fontSize(SIZE.caption)
        .fillColor(COLOR.muted)
        .text(`API operation of the OpenAPI specification "${block.data.ref.spec}"`, { width: column.width });
      break;
    case 'divider':
      keepSpace(doc, GAP.block * 2);
      doc.y += GAP.block / 2;
      doc
        .save()
        .moveTo(column.x, doc.y)
        .lineTo(column.x + column.width, doc.y)
        .lineWidth(0.75)
        .strokeColor(COLOR.rule)
        .stroke()
        .restore();
      doc.y += GAP.block / 2;
      break;
  }
  doc.y += gap;
}

async function drawList(context: DrawContext, list: DocumentBlockList, column: Column): Promise<void> {
  const { doc } = context;
  const start = list.data?.start ?? 1;
  const inner = indented(column, GAP.indent);
  for (const [index, item] of list.nodes.entries()) {
    keepSpace(doc, SIZE.body * 1.4);
    const top = doc.y;
    doc
      .font(FONT.regular)
      .fontSize(SIZE.body)
      .fillColor(COLOR.text)
      .text(markerOf(list, index + start, item.data?.checked), column.x, top, {
        width: GAP.indent,
        lineBreak: false,
      });
    doc.y = top;
    await drawBlocks(context, item.nodes, inner, GAP.tight);
  }
}

/** Standard fonts have no ballot boxes: a task's box is drawn in brackets. */
function markerOf(list: DocumentBlockList, number: number, checked: boolean | undefined): string {
  if (checked !== undefined || list.type === 'list-tasks') return checked ? '[x]' : '[ ]';
  return list.type === 'list-ordered' ? number + '.' : '\u2022';
}

async function drawHint(context: DrawContext, hint: DocumentBlockHint, column: Column): Promise<void> {
  const color = HINT_COLOR[hint.data.style];
  await drawFramed(context, column, color, 'box', async (inner) => {
    context.doc
      .font(FONT.bold)
      .fontSize(SIZE.body)
      .fillColor(color)
      .text(HINT_LABEL[hint.data.style], inner.x, context.doc.y, { width: inner.width });
    context.doc.y += GAP.tight;
    await drawBlocks(context, hint.nodes, inner, GAP.tight);
  });
}

/** Draws `content` indented, then a bar on its left (quotes) or a box around it (hints). */
async function drawFramed(
  context: DrawContext,
  column: Column,
  color: string,
  frame: 'bar' | 'box',
  content: (inner: Column) => Promise<void>,
): Promise<void> {
  const { doc } = context;
  const padding = frame === 'box' ? GAP.padding : 0;
  keepSpace(doc, SIZE.body * 3);
  const startPage = doc.page;
  const top = doc.y;
  doc.y += padding;
  const inner = indented(column, GAP.indent + padding);
  // The content starts 6 points left of the indent: a bar or a box is drawn in that margin.
  await content(inner === column ? column : { x: inner.x - 6, width: inner.width });
  doc.y += padding - GAP.tight;
  const from = doc.page === startPage ? top : doc.page.margins.top;
  doc
    .save()
    .lineWidth(frame === 'box' ? 1 : 3)
    .strokeColor(color);
  if (frame === 'box') doc.rect(column.x, from, column.width, doc.y - from);
  else doc.moveTo(column.x + 1.5, from).lineTo(column.x + 1.5, doc.y);
  doc.stroke().restore();
}
