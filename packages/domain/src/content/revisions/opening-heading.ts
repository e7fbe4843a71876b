/**
 * The `# heading` markdown opens with, and where the text after it starts: what
 * `/^# +(.+?)[ #]*(?:\n+|$)/` matches (a page's title, `leadingHeading`), or with
 * `{ leadingSpace: true, crlf: true }` `/^\s*# +(.+?)[ #]*(?:\r?\n+|$)/` (an include file's title),
 * found in one pass: those patterns tried each length of the title against every run of spaces
 * and `#`s after it, so a heading line's cost was its length squared (a 40 KB line of spaces:
 * 1.3 s of the thread; a body may hold 2 MB).
 */

export interface HeadingForm {
  /** Whitespace may come before the `#` (`^\s*`). */
  leadingSpace?: boolean;
  /** The line may end with `\r\n`. */
  crlf?: boolean;
}

const OPENING = /^# +/;
const SPACED_OPENING = /^\s*# +/;

/** A character `.` does not match: where a line ends. */
const isLineEnd = (char: string | undefined) =>
  char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';

/** The heading's text as the pattern's group 1, and the length of the whole match; undefined when none. */
export function openingHeading(
  body: string,
  form: HeadingForm = {},
): { text: string; length: number } | undefined {
  const opening = (form.leadingSpace ? SPACED_OPENING : OPENING).exec(body);
  if (!opening) return undefined;
  let start = opening[0].length;
  let end = start;
  while (end < body.length && !isLineEnd(body[end])) end++;
  // The line ends the text, or its end is `\n+` (`\r?\n+`).
  let after = end;
  if (end < body.length) {
    if (body[end] === '\r' && form.crlf) {
      if (body[end + 1] !== '\n') return undefined;
      after = end + 1;
    } else if (body[end] !== '\n') return undefined;
    while (body[after] === '\n') after++;
  }
  let textEnd = end;
  while (textEnd > start && (body[textEnd - 1] === ' ' || body[textEnd - 1] === '#')) textEnd--;
  if (textEnd === start) {
    // Only spaces and `#`s: the text is the shortest there is, one character, when the line
    // has one after the opening, else a space the opening's `# +` gives back.
    if (end > start) textEnd = start + 1;
    else if (opening[0].endsWith('  ')) {
      start -= 1;
      textEnd = start + 1;
    } else return undefined;
  }
  return { text: body.slice(start, textEnd), length: after };
}
