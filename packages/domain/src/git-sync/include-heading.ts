/**
 * The `# heading` an include file opens with (its title when its front matter has none), and
 * where the body after it starts. What `/^\s*# +(.+?)[ #]*(?:\r?\n+|$)/` matches, found in one
 * pass: that pattern tried each length of the title against every run of spaces and `#`s after
 * it, so a heading line's cost was its length squared (a 40 KB line of spaces: 1.3 s on the
 * job's thread, the server's; an include may hold 2 MB).
 */

const OPENING = /^\s*# +/;

/** A character `.` does not match: where a line ends. */
const isLineEnd = (char: string | undefined) =>
  char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';

/** The heading's text as the pattern's group 1, and the length of the whole match; undefined when none. */
export function openingHeading(body: string): { text: string; length: number } | undefined {
  const opening = OPENING.exec(body);
  if (!opening) return undefined;
  let start = opening[0].length;
  let end = start;
  while (end < body.length && !isLineEnd(body[end])) end++;
  // The line ends the text, or its end is `\r?\n+`.
  let after = end;
  if (end < body.length) {
    if (body[end] === '\r') {
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
