/**
 * Emoji in the PDF: the monochrome Noto Emoji font (`@fontsource/noto-emoji`, SIL Open Font
 * License), read from the install, never downloaded, and embedded by pdfkit as a subset of
 * the glyphs a PDF uses (a few kilobytes). PDF's standard fonts have no emoji, so without this
 * font an emoji is written as its code point (`[U+1F680]`), which says what it was.
 *
 * `emojiRuns` cuts text into runs of emoji and of other text: an emoji is a pictograph with its
 * variation selector, skin tone and zero-width-joined parts (one glyph in the font), or a pair
 * of regional indicators (a flag).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const FONT_FILE = '@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff';

let bytes: Buffer | null | undefined;

/** The emoji font's bytes, read once per thread; null when it is not installed. */
export function emojiFontBytes(): Buffer | null {
  if (bytes !== undefined) return bytes;
  try {
    bytes = readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
  } catch {
    bytes = null;
  }
  return bytes;
}

const EMOJI =
  /\p{Regional_Indicator}{2}|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*)*/gu;

export interface TextPiece {
  text: string;
  emoji: boolean;
}

/** `text` cut into emoji and the text between them, in order (linear in its length). */
export function emojiRuns(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(EMOJI)) {
    const start = match.index ?? 0;
    // A pictograph of Latin-1 drawn as text in the standard fonts (©, ®) stays text.
    if (/^[\u00a9\u00ae]$/.test(match[0])) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), emoji: false });
    pieces.push({ text: match[0], emoji: true });
    at = start + match[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), emoji: false });
  return pieces;
}

/** An emoji written out when no font can draw it: its code points, `[U+1F680]`. */
export const emojiName = (emoji: string): string =>
  '[' +
  [...emoji]
    .map((char) => char.codePointAt(0) ?? 0)
    .filter((point) => point !== 0xfe0f && point !== 0x200d)
    .map((point) => 'U+' + point.toString(16).toUpperCase().padStart(4, '0'))
    .join(' ') +
  ']';

/** The character of GitBook's emoji code (`1f680`, `1f468-200d-1f469`); undefined when not one. */
export function emojiOfCode(code: string): string | undefined {
  if (!/^[0-9a-f]{1,6}(?:-[0-9a-f]{1,6}){0,9}$/i.test(code)) return undefined;
  try {
    return String.fromCodePoint(...code.split('-').map((part) => Number.parseInt(part, 16)));
  } catch {
    return undefined;
  }
}
