/**
 * A block's inline content as one flow of pdfkit text runs (`continued`), each run with the
 * font of its marks. Links are clickable: a web or mail address opens it; a page of this
 * export jumps to it. Any other scheme (`javascript:`, `file:`...) and any reference the PDF
 * cannot resolve (a file, a page outside the export) stays plain text. Inline images are
 * drawn as their alt text in brackets: a picture inside a line would break its height.
 * GitBook's other inlines: a button is its label, linked like a link; a mention names the
 * page (its title when exported) or what it points at; inline math is typeset by MathJax
 * (`inline-math.ts`: a blank of the formula's width in the text flow, the formula drawn on
 * its baseline at the text's size), or its source in the code font when it cannot be; an
 * expression is its source in the code font; an annotation is its text. Emoji, the
 * inline ones and those typed in the text, are drawn in the emoji font (`emoji-font.ts`), or
 * written as their code points when it is not installed; an icon (a Font Awesome name, whose
 * font Quire does not ship) is written as its name, `[icon: bolt]`.
 */
import type { ContentRef, DocumentBlock, DocumentInlineContent, DocumentLeaf } from '@quire/documents';
import type { Column, DrawContext } from './draw-context';
import { emojiName, emojiOfCode, emojiRuns } from './emoji-font';
import {
  drawInlineMath,
  type InlineMath,
  inlineMathOf,
  inlineMathSpacer,
  whereSpacerLands,
} from './inline-math';
import { COLOR, FONT } from './pdf-style';

export interface TextStyle {
  size: number;
  bold?: boolean;
  italic?: boolean;
  color?: string;
}

export interface Run {
  text: string;
  marks: ReadonlySet<string>;
  /** Drawn in the emoji font. */
  emoji?: boolean;
  /** A typeset formula: the run's text is a blank of its width. */
  math?: InlineMath;
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
  const runs = inlines
    .flatMap((inline) => runsOf(context, inline))
    .flatMap((run) => withEmoji(context, run))
    .filter((run) => run.text !== '');
  const { doc } = context;
  runs.forEach((run, index) => {
    const code = run.marks.has('code');
    const bold = style.bold === true || run.marks.has('bold');
    doc
      .font(
        run.emoji && context.emojiFont
          ? context.emojiFont
          : fontOf(code, bold, style.italic === true || run.marks.has('italic')),
      )
      .fontSize(code ? style.size * 0.92 : style.size)
      .fillColor(run.target ? COLOR.link : (style.color ?? COLOR.text));
    const spacer = run.math ? inlineMathSpacer(doc, run.math, style.size, column.width) : undefined;
    // pdfkit's `horizontalScaling` (missing from its types) is set on every run: pdfkit would
    // carry a formula's blank's scaling over to the next.
    const options: PDFKit.Mixins.TextOptions & { horizontalScaling: number } = {
      horizontalScaling: spacer?.scaling ?? 100,
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
    const text = spacer?.text ?? run.text;
    const landed = whereSpacerLands(doc, spacer?.text, () => {
      if (index === 0) doc.text(text, column.x, doc.y, options);
      else doc.text(text, options);
    });
    if (run.math && spacer && landed)
      drawInlineMath(doc, run.math, landed, spacer.em, style.color ?? COLOR.text);
  });
}

/** The inlines of paragraphs (a caption's, a summary's) as one line's, a space between paragraphs. */
export function inlinesOfParagraphs(blocks: readonly DocumentBlock[]): DocumentInlineContent[] {
  const out: DocumentInlineContent[] = [];
  for (const block of blocks) {
    if (block.type !== 'paragraph' || plainTextOf(block.nodes).trim() === '') continue;
    if (out.length > 0) out.push({ object: 'text', leaves: [{ object: 'leaf', text: ' ', marks: [] }] });
    out.push(...block.nodes);
  }
  return out;
}

/** The plain text of inline content (table cells, the contents). */
export function plainTextOf(inlines: readonly DocumentInlineContent[]): string {
  return inlines
    .map((inline) => {
      if (inline.object === 'text') return inline.leaves.map((leaf) => leaf.text).join('');
      switch (inline.type) {
        case 'link':
        case 'annotation':
          return plainTextOf(inline.nodes);
        case 'inline-image':
          return imageText(inline.data.alt);
        case 'inline-math':
          return inline.data.formula;
        case 'expression':
          return '{{ ' + inline.data.expression + ' }}';
        case 'button':
          return inline.data.label;
        case 'mention':
          return mentionText(undefined, inline.data.ref);
        case 'emoji': {
          const emoji = emojiOfCode(inline.data.code);
          return emoji ? emojiName(emoji) : '';
        }
        case 'icon':
          return iconText(inline.data.icon);
      }
      return '';
    })
    .join('');
}

const CODE: ReadonlySet<string> = new Set(['code']);

function runsOf(context: DrawContext, inline: DocumentInlineContent, target?: Run['target']): Run[] {
  if (inline.object === 'text') return inline.leaves.map((leaf) => runOf(leaf, target));
  switch (inline.type) {
    case 'inline-image':
      return [{ text: imageText(inline.data.alt), marks: new Set(), target }];
    case 'link': {
      const linked = targetOf(context, inline.data.ref);
      return inline.nodes.flatMap((node) => runsOf(context, node, linked));
    }
    case 'annotation':
      return inline.nodes.flatMap((node) => runsOf(context, node, target));
    case 'inline-math': {
      const math = inlineMathOf(inline.data.formula);
      return math
        ? [{ text: inline.data.formula, marks: new Set(), math, target }]
        : [{ text: inline.data.formula, marks: CODE, target }];
    }
    case 'expression':
      return [{ text: '{{ ' + inline.data.expression + ' }}', marks: CODE, target }];
    case 'button':
      return [
        {
          text: '[' + inline.data.label + ']',
          marks: new Set(['bold']),
          // An action button (ask, search) links nowhere.
          target: inline.data.ref === undefined ? undefined : targetOf(context, inline.data.ref),
        },
      ];
    case 'mention':
      return [
        {
          text: mentionText(context, inline.data.ref),
          marks: new Set(),
          target: targetOf(context, inline.data.ref),
        },
      ];
    case 'emoji': {
      const emoji = emojiOfCode(inline.data.code);
      return emoji ? [{ text: emoji, marks: new Set(), target }] : [];
    }
    case 'icon':
      return [{ text: iconText(inline.data.icon), marks: new Set(), target }];
  }
  return [];
}

const iconText = (icon: string) => '[icon: ' + icon.replace(/^fa[a-z]*-/, '') + ']';

/** A run cut at its emoji: each drawn in the emoji font, or named when there is none. */
function withEmoji(context: DrawContext, run: Run): Run[] {
  if (run.math) return [run];
  const pieces = emojiRuns(run.text);
  if (pieces.length === 1 && !pieces[0]?.emoji) return [run];
  return pieces.map((piece) =>
    !piece.emoji
      ? { ...run, text: piece.text }
      : context.emojiFont
        ? { ...run, text: piece.text, emoji: true }
        : { ...run, text: emojiName(piece.text) },
  );
}

/** What a mention names: an exported page's title, or what its reference is. */
function mentionText(context: DrawContext | undefined, ref: ContentRef): string {
  switch (ref.kind) {
    case 'page':
      return '@' + (context?.pageTitles.get(ref.page) ?? 'page');
    case 'anchor':
      return '@' + (ref.page ? (context?.pageTitles.get(ref.page) ?? 'page') : 'section') + '#' + ref.anchor;
    case 'url':
      return ref.url;
    case 'user':
      return '@user';
    default:
      return '@' + ref.kind;
  }
}

const runOf = (leaf: DocumentLeaf, target: Run['target']): Run => ({
  text: leaf.text,
  // A key is set in the code font; colours, superscript and subscript are drawn as plain text.
  marks: new Set(leaf.marks.map((mark) => (mark.type === 'keyboard' ? 'code' : mark.type))),
  target,
});

const imageText = (alt: string | undefined) => (alt ? '[image: ' + alt + ']' : '[image]');

export function targetOf(context: DrawContext, ref: ContentRef): Run['target'] {
  switch (ref.kind) {
    case 'url':
      return opensSafely(ref.url) ? { url: ref.url } : undefined;
    case 'page':
    case 'anchor':
      return ref.space === undefined && ref.page !== undefined && context.exportedPageIds.has(ref.page)
        ? { destination: ref.page }
        : undefined;
    default:
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
