/**
 * The `# heading` a markdown page opens with (its title when its front matter has none), and
 * the length of the text it takes. What `/^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/` matches,
 * found in one pass: that pattern tried each length of the title against the ways the spaces
 * and `#`s after it split among its three runs, so a heading line cost its length cubed (an
 * 8 KB line of spaces: 134 s of an import's thread).
 */

const OPENING = /^\s*#[ \t]+/;

/** A character `.` does not match: where a line ends. */
const isLineEnd = (char: string | undefined) =>
  char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';
const isBlank = (char: string | undefined) => char === ' ' || char === '\t';

/** The heading's text as the pattern's group 1, and the length of the whole match; undefined when none. */
export function pageHeading(text: string): { title: string; length: number } | undefined {
  const opening = OPENING.exec(text);
  if (!opening) return undefined;
  let start = opening[0].length;
  let end = start;
  while (end < text.length && !isLineEnd(text[end])) end++;
  // The line ends the text, or its end is `\r?\n` (taken).
  let after = end;
  if (end < text.length) {
    if (text[end] === '\n') after = end + 1;
    else if (text[end] === '\r' && text[end + 1] === '\n') after = end + 2;
    else return undefined;
  }
  // The title is the shortest: the line without the longest end of blanks, `#`s, blanks.
  let titleEnd = end;
  while (titleEnd > start && isBlank(text[titleEnd - 1])) titleEnd--;
  while (titleEnd > start && text[titleEnd - 1] === '#') titleEnd--;
  while (titleEnd > start && isBlank(text[titleEnd - 1])) titleEnd--;
  if (titleEnd === start) {
    // All of it is that end: the title is its first character, or, with nothing after the
    // opening, a blank its `[ \t]+` gives back.
    if (end > start) titleEnd = start + 1;
    else if (opening[0].length >= 2 && isBlank(opening[0][opening[0].length - 2])) {
      start -= 1;
      titleEnd = start + 1;
    } else return undefined;
  }
  return { title: text.slice(start, titleEnd), length: after };
}
