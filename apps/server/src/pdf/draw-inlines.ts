/**
 * A block's inline content as one flow of pdfkit text runs (`continued`), each run with the
 * font of its marks. Links are clickable: a web or mail address opens it; a page of this
 * export jumps to it. Any other scheme (`javascript:`, `file:`...) and any reference the PDF
 * cannot resolve (a file, a page outside the export) stays plain text. Inline images are
 * drawn as their alt text in brackets: a picture inside a line would break its height.
 */
import type { DocumentInlineContent, DocumentLeaf, LinkRef } from '@quire/documents';
import type { Column, DrawContext } from './draw-context';
import { COLOR, FONT } from './pdf-style';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

interface Run {
  text: string;
  marks: ReadonlySet<string>;
  target?: { url: string } | { destination: string };
}

const OPENED_SCHEMES = ['http:', 'https:', 'mailto:'];

/** Draws `inlines` in `column` from the current y; nothing when they hold no text. */
export function drawInlines(
  context: DrawContext,
  inlines: readonly DocumentInlineContent[],
  column: Column,
  style: TextStyle,
): void {
  const runs = inlines.flatMap((inline) => runsOf(context, inline)).filter((run) => run.text !== '');
  const { doc } = context;
  runs.forEach((run, index) => {
    const code = run.marks.has('code');
    const bold = style.bold === true || run.marks.has('bold');
    doc
      .font(fontOf(code, bold, run.marks.has('italic')))
      .fontSize(code ? style.size * 0.92 : style.size)
      .fillColor(run.target ? COLOR.link : (style.color ?? COLOR.text));
    const options: PDFKit.Mixins.TextOptions = {
      width: column.width,
      continued: index < runs.length - 1,
      link: run.target && 'url' in run.target ? run.target.url : null,
      // pdfkit gives a continued run every option it leaves undefined from the run before,
      // so a run after an internal link would link too; null ends it (its types omit null).
      goTo:
        run.target && 'destination' in run.target ? run.target.destination : (null as unknown as undefined),
      underline: run.target !== undefined,
      strike: run.marks.has('strikethrough'),
    };
    if (index === 0) doc.text(run.text, column.x, doc.y, options);
    else doc.text(run.text, options);
  });
}

/** The plain text of inline content (table cells, captions, the contents). */
export function plainTextOf(inlines: readonly DocumentInlineContent[]): string {
  return inlines
    .map((inline) => {
      if (inline.object === 'text') return inline.leaves.map((leaf) => leaf.text).join('');
      if (inline.type === 'link') return plainTextOf(inline.nodes);
      return imageText(inline.data.alt);
    })
    .join('');
}

function runsOf(context: DrawContext, inline: DocumentInlineContent, target?: Run['target']): Run[] {
  if (inline.object === 'text') return inline.leaves.map((leaf) => runOf(leaf, target));
  if (inline.type === 'inline-image') return [{ text: imageText(inline.data.alt), marks: new Set(), target }];
  const linked = targetOf(context, inline.data.ref);
  return inline.nodes.flatMap((node) => runsOf(context, node, linked));
}

const runOf = (leaf: DocumentLeaf, target: Run['target']): Run => ({
  text: leaf.text,
  marks: new Set(leaf.marks.map((mark) => mark.type)),
  target,
});

const imageText = (alt: string | undefined) => (alt ? '[image: ' + alt + ']' : '[image]');

function targetOf(context: DrawContext, ref: LinkRef): Run['target'] {
  switch (ref.kind) {
    case 'url':
      return opensSafely(ref.url) ? { url: ref.url } : undefined;
    case 'page':
    case 'anchor':
      return ref.space === undefined && ref.page !== undefined && context.exportedPageIds.has(ref.page)
        ? { destination: ref.page }
        : undefined;
    case 'file':
      return undefined;
  }
}

function opensSafely(url: string): boolean {
  try {
    return OPENED_SCHEMES.includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

function fontOf(code: boolean, bold: boolean, italic: boolean): string {
  if (code) return bold ? FONT.codeBold : FONT.code;
  if (bold) return italic ? FONT.boldItalic : FONT.bold;
  return italic ? FONT.italic : FONT.regular;
}
