/**
 * The look of an exported PDF in one place: PDF's standard fonts (built into every reader,
 * so nothing is embedded and text stays searchable), sizes in points, colours.
 *
 * The standard fonts cover Latin-1 (WinAnsi) only: characters outside it print as other
 * glyphs. Embedding a Unicode TrueType font would lift that, at the cost of a font file
 * in the repository and subset tables in every PDF.
 */
import type { DocumentHintStyle } from '@quire/documents';

export const PAGE_SIZE = 'A4';
export const MARGIN = 56;

export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  code: 'Courier',
  codeBold: 'Courier-Bold',
  /** Noto Emoji, embedded (a subset) when installed: `emoji-font.ts`. */
  emoji: 'QuireEmoji',
} as const;

export const SIZE = {
  documentTitle: 28,
  contentsTitle: 20,
  contentsEntry: 11,
  pageTitle: 22,
  'heading-1': 18,
  'heading-2': 15,
  'heading-3': 13,
  body: 10.5,
  code: 9,
  caption: 9,
  footer: 8,
} as const;

export const COLOR = {
  text: '#1f2328',
  muted: '#59636e',
  link: '#0969da',
  codeBackground: '#f3f4f6',
  rule: '#d1d9e0',
} as const;

export const HINT_COLOR: Record<DocumentHintStyle, string> = {
  info: '#0969da',
  success: '#1a7f37',
  warning: '#9a6700',
  danger: '#cf222e',
};

export const HINT_LABEL: Record<DocumentHintStyle, string> = {
  info: 'Info',
  success: 'Success',
  warning: 'Warning',
  danger: 'Danger',
};

/** Space after a block, and the indent of list items, quotes and the contents' levels. */
export const GAP = { block: 8, tight: 3, indent: 18, contentsIndent: 14, padding: 6 } as const;
