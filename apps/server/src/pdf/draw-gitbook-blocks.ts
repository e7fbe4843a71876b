/**
 * GitBook's blocks beyond text, lists, quotes, hints, code, tables and images, drawn for
 * paper, where nothing opens, switches or runs:
 * - tabs: every tab, one after the other, its title as a small heading;
 * - a stepper: its steps numbered, each one's content indented beside its number;
 * - an expandable: open, its summary in bold, its body indented under it;
 * - columns: one after the other, full width;
 * - updates: each update's date (and tags) in bold, then its content;
 * - conditional content: drawn, under a muted line naming its condition;
 * - math: typeset by MathJax (`draw-math.ts`), its source when it cannot be;
 * - a reusable content of the space: its blocks, in place;
 * - an embed, a content-ref, a file, an integration: a line naming it, linked when the PDF
 *   can open it (a web address, a page of the export);
 * - a drawing: its image when the revision has it as PNG or JPEG, else a placeholder;
 * - a prompt: its description, then its code;
 * - OpenAPI blocks: what they show, named (the operations live in the spec, not the page).
 * Children are drawn by the caller's `drawBlocks`, given in (no import cycle).
 */
import type {
  ContentRef,
  DocumentBlock,
  DocumentBlockExpandable,
  DocumentBlockStepper,
  DocumentBlockTabs,
  DocumentBlockUpdates,
  DocumentInlineContent,
} from '@quire/documents';
import { type Column, type DrawContext, indented, keepSpace, MAX_INCLUDE_DEPTH } from './draw-context';
import { drawImages } from './draw-images';
import { drawInlines, inlinesOfParagraphs, targetOf } from './draw-inlines';
import { drawMath } from './draw-math';
import { COLOR, FONT, GAP, SIZE } from './pdf-style';

export type DrawChildren = (
  context: DrawContext,
  blocks: readonly DocumentBlock[],
  column: Column,
  gap?: number,
) => Promise<void>;

/** The block types drawn here. */
export const GITBOOK_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'tabs',
  'stepper',
  'expandable',
  'columns',
  'updates',
  'if',
  'math',
  'embed',
  'content-ref',
  'file',
  'drawing',
  'prompt',
  'reusable-content',
  'integration',
  'swagger',
  'openapi-schemas',
  'openapi-webhook',
]);

export async function drawGitbookBlock(
  context: DrawContext,
  block: DocumentBlock,
  column: Column,
  drawChildren: DrawChildren,
): Promise<void> {
  const { doc } = context;
  switch (block.type) {
    case 'tabs':
      await drawTabs(context, block, column, drawChildren);
      break;
    case 'stepper':
      await drawStepper(context, block, column, drawChildren);
      break;
    case 'expandable':
      await drawExpandable(context, block, column, drawChildren);
      break;
    case 'columns':
      for (const item of block.nodes) await drawChildren(context, item.nodes, column);
      break;
    case 'updates':
      await drawUpdates(context, block, column, drawChildren);
      break;
    case 'if':
      muted(doc, 'Shown when: ' + block.data.expression, column);
      await drawChildren(context, block.nodes, column);
      break;
    case 'math':
      drawMath(doc, block.data.formula, column);
      break;
    case 'embed':
      linkLine(context, 'Embedded: ', block.data.url, { kind: 'url', url: block.data.url }, column);
      break;
    case 'content-ref':
      linkLine(context, 'See: ', refText(context, block.data.ref), block.data.ref, column);
      break;
    case 'file':
      linkLine(
        context,
        'File: ',
        context.fileNames[block.data.ref.file] ?? 'a file of this space',
        block.data.ref,
        column,
      );
      break;
    case 'drawing':
      if (block.data.ref) await drawImages(context, [drawingAsImage(block.data.ref)], column);
      else muted(doc, '[drawing]', column);
      break;
    case 'prompt':
      if (block.data.description) labelLine(doc, block.data.description, column);
      await drawChildren(context, block.nodes, column);
      break;
    case 'reusable-content':
      await drawReusable(context, block.data.ref, column, drawChildren);
      break;
    case 'integration':
      if (block.data.url)
        linkLine(
          context,
          'Integration ' + block.data.integration + ': ',
          block.data.url,
          { kind: 'url', url: block.data.url },
          column,
        );
      else muted(doc, '[integration ' + block.data.integration + ']', column);
      break;
    case 'swagger':
      operationLine(
        doc,
        block.data.method.toUpperCase() + ' ' + block.data.path,
        'API operation of the OpenAPI document ' +
          (block.data.ref.kind === 'url'
            ? block.data.ref.url
            : (context.fileNames[block.data.ref.file] ?? 'file')),
        column,
      );
      break;
    case 'openapi-schemas':
      operationLine(
        doc,
        block.data.title ?? block.data.schemas.join(', '),
        `Schemas of the OpenAPI specification "${block.data.ref.spec}"`,
        column,
      );
      break;
    case 'openapi-webhook':
      operationLine(
        doc,
        block.data.method.toUpperCase() + ' ' + block.data.name,
        `Webhook of the OpenAPI specification "${block.data.ref.spec}"`,
        column,
      );
      break;
  }
}

/**
 * A reusable content of this space drawn in place, as a read that dereferences it shows it;
 * another space's, one the revision lacks, one that includes itself again, one nested past
 * `MAX_INCLUDE_DEPTH` or one past the page's `IncludeBudget` is a muted line saying so.
 */
async function drawReusable(
  context: DrawContext,
  ref: { reusableContent: string; space?: string },
  column: Column,
  drawChildren: DrawChildren,
): Promise<void> {
  const id = ref.reusableContent;
  const why =
    ref.space !== undefined
      ? "another space's reusable content"
      : context.including.includes(id)
        ? 'a reusable content that includes itself'
        : context.including.length >= MAX_INCLUDE_DEPTH
          ? 'reusable content nested too deep'
          : context.includes.spent();
  const body = why === undefined ? await context.reusableOf?.(id) : undefined;
  const unfit = body ? context.includes.take(body.chars) : undefined;
  if (!body || unfit !== undefined) {
    muted(context.doc, '[' + (why ?? unfit ?? 'reusable content not found') + ']', column);
    return;
  }
  await drawChildren({ ...context, including: [...context.including, id] }, body.nodes, column);
}

async function drawTabs(
  context: DrawContext,
  tabs: DocumentBlockTabs,
  column: Column,
  drawChildren: DrawChildren,
): Promise<void> {
  for (const [index, tab] of tabs.nodes.entries()) {
    labelLine(context.doc, tab.data.title || `Tab ${index + 1}`, column, true);
    await drawChildren(context, tab.nodes, indented(column, GAP.indent / 2));
  }
}

async function drawStepper(
  context: DrawContext,
  stepper: DocumentBlockStepper,
  column: Column,
  drawChildren: DrawChildren,
): Promise<void> {
  const { doc } = context;
  const inner = indented(column, GAP.indent + 6);
  for (const [index, step] of stepper.nodes.entries()) {
    keepSpace(doc, SIZE.body * 2);
    const top = doc.y;
    doc
      .font(FONT.bold)
      .fontSize(SIZE.body)
      .fillColor(COLOR.text)
      .text(index + 1 + '.', column.x, top, { width: GAP.indent + 6, lineBreak: false });
    doc.y = top;
    await drawChildren(context, step.nodes, inner, GAP.tight);
    doc.y += GAP.tight;
  }
}

async function drawExpandable(
  context: DrawContext,
  expandable: DocumentBlockExpandable,
  column: Column,
  drawChildren: DrawChildren,
): Promise<void> {
  const fragment = (name: string) => expandable.fragments.find((each) => each.fragment === name)?.nodes ?? [];
  const title = inlinesOfParagraphs(fragment('expandable-title'));
  // The standard fonts are WinAnsi: a guillemet marks the summary (a triangle would print as
  // other glyphs). The summary is drawn as text is: its marks, links, inline math typeset.
  const marker = (text: string): DocumentInlineContent => ({
    object: 'text',
    leaves: [{ object: 'leaf', text, marks: [] }],
  });
  keepSpace(context.doc, SIZE.body * 4);
  drawInlines(context, [marker('\u00bb '), ...(title.length > 0 ? title : [marker('Details')])], column, {
    size: SIZE.body,
    bold: true,
  });
  context.doc.y += GAP.tight;
  await drawChildren(context, fragment('expandable-body'), indented(column, GAP.indent));
}

async function drawUpdates(
  context: DrawContext,
  updates: DocumentBlockUpdates,
  column: Column,
  drawChildren: DrawChildren,
): Promise<void> {
  for (const update of updates.nodes) {
    const tags = (update.data.tags ?? []).map((tag) => tag.tag).join(', ');
    labelLine(context.doc, update.data.date + (tags ? ' \u2014 ' + tags : ''), column, true);
    await drawChildren(context, update.nodes, column);
  }
}

/** A drawing's file drawn as an image block without caption. */
function drawingAsImage(ref: { kind: 'file'; file: string }) {
  return {
    object: 'block' as const,
    type: 'image' as const,
    isVoid: true as const,
    data: { ref, alt: 'drawing' },
    fragments: [],
  };
}

/** What a content reference is called on paper. */
function refText(context: DrawContext, ref: ContentRef): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'page':
      return context.pageTitles.get(ref.page) ?? 'a page';
    case 'anchor':
      return (ref.page ? (context.pageTitles.get(ref.page) ?? 'a page') : 'this page') + ' #' + ref.anchor;
    case 'file':
      return context.fileNames[ref.file] ?? 'a file';
    case 'openapi':
      return `the OpenAPI specification "${ref.spec}"`;
    default:
      return 'a ' + ref.kind.replace('-', ' ');
  }
}

/** `label` in bold, then `text`, in the link colour and linked when the PDF can open it. */
export function linkLine(
  context: DrawContext,
  label: string,
  text: string,
  ref: ContentRef,
  column: Column,
): void {
  const { doc } = context;
  const target = targetOf(context, ref);
  keepSpace(doc, SIZE.body * 2);
  doc.font(FONT.bold).fontSize(SIZE.body).fillColor(COLOR.text).text(label, column.x, doc.y, {
    width: column.width,
    continued: true,
  });
  doc
    .font(FONT.regular)
    .fillColor(target ? COLOR.link : COLOR.text)
    .text(text, {
      width: column.width,
      continued: false,
      underline: target !== undefined,
      link: target && 'url' in target ? target.url : null,
      // pdfkit carries options over from the run before: null ends them (its types omit null).
      goTo: target && 'destination' in target ? target.destination : (null as unknown as undefined),
    });
}

function labelLine(doc: PDFKit.PDFDocument, text: string, column: Column, keepWithNext = false): void {
  if (keepWithNext) keepSpace(doc, SIZE.body * 4);
  doc
    .font(FONT.bold)
    .fontSize(SIZE.body)
    .fillColor(COLOR.text)
    .text(text, column.x, doc.y, { width: column.width });
  doc.y += GAP.tight;
}

function muted(doc: PDFKit.PDFDocument, text: string, column: Column): void {
  doc
    .font(FONT.italic)
    .fontSize(SIZE.caption)
    .fillColor(COLOR.muted)
    .text(text, column.x, doc.y, { width: column.width });
  doc.y += GAP.tight;
}

function operationLine(doc: PDFKit.PDFDocument, title: string, caption: string, column: Column): void {
  keepSpace(doc, SIZE.body * 2);
  doc
    .font(FONT.codeBold)
    .fontSize(SIZE.code)
    .fillColor(COLOR.text)
    .text(title, column.x, doc.y, { width: column.width })
    .font(FONT.italic)
    .fontSize(SIZE.caption)
    .fillColor(COLOR.muted)
    .text(caption, { width: column.width });
}
