/**
 * Link reference definitions at the start of a paragraph (CommonMark 4.7, as micromark's
 * `definition`, `factoryLabel`, `factoryDestination`, `factoryTitle` read them): `[label]:`,
 * whitespace with at most one line ending, a destination (`<...>` or a raw one with balanced
 * parentheses), then an optional title after whitespace, then only spaces up to the line's end.
 * A definition always ends at a line's end, so what is left of the paragraph is whole lines.
 */
import { decodeString, isAsciiPunctuation } from './character-references';
import { isSpaceOrTab } from './line-cursor';

export interface LinkDefinition {
  /** Offsets in the source of the `[` and of the end (trailing spaces included). */
  start: number;
  end: number;
  /** The label as written (`identifier` is made of it) and decoded (`label`). */
  rawLabel: string;
  label: string;
  url: string;
  title: string | null;
}

interface ParagraphText {
  text: string;
  /** Where each line starts in `text` (lines are joined by their line endings). */
  lineStarts: number[];
}

function joined(
  source: string,
  lines: ReadonlyArray<{ start: number; end: number; pad?: number }>,
): ParagraphText {
  const lineStarts: number[] = [];
  let text = '';
  let previousEnd = -1;
  for (const line of lines) {
    // The line ending as written: a label or a title keeps it.
    if (previousEnd !== -1)
      text +=
        source.charCodeAt(previousEnd) === 13
          ? source.charCodeAt(previousEnd + 1) === 10
            ? '\r\n'
            : '\r'
          : '\n';
    previousEnd = line.end;
    lineStarts.push(text.length);
    // A split tab's columns left, as micromark's virtual spaces (a label keeps them).
    text += ' '.repeat(line.pad ?? 0) + source.slice(line.start, line.end);
  }
  return { text, lineStarts };
}

const EOF = -1;

/** Reads one definition at `at` in `text`; returns its end (at a line's end) or -1. */
function readDefinition(
  text: string,
  at: number,
):
  | { end: number; contentEnd: number; rawLabel: string; destination: string; title: string | null }
  | undefined {
  const char = (index: number) => (index < text.length ? text.charCodeAt(index) : EOF);
  if (char(at) !== 91 /* [ */) return undefined;
  // The label.
  let index = at + 1;
  let seenContent = false;
  for (;;) {
    const code = char(index);
    if (code === EOF || code === 91 || index - at - 1 > 999) return undefined;
    if (code === 93 /* ] */) break;
    if (code !== 10 && code !== 13 && !isSpaceOrTab(code)) seenContent = true;
    if (code === 92 /* \ */ && (char(index + 1) === 91 || char(index + 1) === 92 || char(index + 1) === 93))
      index++;
    index++;
  }
  if (!seenContent) return undefined;
  const rawLabel = text.slice(at + 1, index);
  index++;
  if (char(index) !== 58 /* : */) return undefined;
  index++;
  // Whitespace, with at most one line ending.
  index = skipWhitespace(text, index);
  if (index === -1) return undefined;
  // The destination.
  const destinationStart = index;
  let destination: string;
  if (char(index) === 60 /* < */) {
    index++;
    for (;;) {
      const code = char(index);
      if (code === EOF || code === 10 || code === 13 || code === 60) return undefined;
      if (code === 62 /* > */) break;
      if (code === 92 && (char(index + 1) === 60 || char(index + 1) === 62 || char(index + 1) === 92))
        index++;
      index++;
    }
    destination = text.slice(destinationStart + 1, index);
    index++;
  } else {
    let depth = 0;
    for (;;) {
      const code = char(index);
      if (code === EOF || code <= 32 || code === 127) break;
      if (code === 40 /* ( */) depth++;
      else if (code === 41 /* ) */) {
        if (depth === 0) break;
        depth--;
      } else if (code === 92 && isAsciiPunctuation(char(index + 1))) index++;
      index++;
    }
    if (index === destinationStart || depth !== 0) return undefined;
    destination = text.slice(destinationStart, index);
  }
  const destinationEnd = index;
  // An optional title, after whitespace.
  const titleStart = skipWhitespace(text, index);
  if (titleStart !== -1 && titleStart > index) {
    const marker = char(titleStart);
    const close = marker === 40 ? 41 : marker;
    if (marker === 34 || marker === 39 || marker === 40) {
      let titleIndex = titleStart + 1;
      for (;;) {
        const code = char(titleIndex);
        if (code === EOF || code === close) break;
        if (code === 92 && isAsciiPunctuation(char(titleIndex + 1))) titleIndex++;
        titleIndex++;
      }
      if (char(titleIndex) === close) {
        const contentEnd = titleIndex + 1;
        const end = spacesToLineEnd(text, contentEnd);
        if (end !== -1)
          return {
            end,
            contentEnd,
            rawLabel,
            destination,
            // A continuation line's indentation is not the title's (factoryTitle's line prefix).
            title: text.slice(titleStart + 1, titleIndex).replace(/(\r\n|\r|\n)[ \t]+/g, '$1'),
          };
      }
    }
  }
  const end = spacesToLineEnd(text, destinationEnd);
  if (end === -1) return undefined;
  return { end, contentEnd: destinationEnd, rawLabel, destination, title: null };
}

/** Past spaces, tabs and at most one line ending from `index`; -1 when a second one follows. */
function skipWhitespace(text: string, from: number): number {
  let index = from;
  let lineEndings = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 13 || (code === 10 && text.charCodeAt(index - 1) !== 13)) {
      if (++lineEndings > 1) return -1;
    } else if (code !== 10 && !isSpaceOrTab(code)) break;
    index++;
  }
  return index;
}

/** The index of the line's end if only spaces and tabs follow `from` on its line, else -1. */
function spacesToLineEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length && isSpaceOrTab(text.charCodeAt(index))) index++;
  return index >= text.length || text.charCodeAt(index) === 10 || text.charCodeAt(index) === 13 ? index : -1;
}

/**
 * The definitions at the start of a paragraph of `lines`, and how many lines they take.
 */
export function readLinkDefinitions(
  source: string,
  lines: ReadonlyArray<{ start: number; end: number; pad?: number }>,
): { definitions: LinkDefinition[]; linesUsed: number } {
  const definitions: LinkDefinition[] = [];
  const first = lines[0];
  if (first === undefined || source.charCodeAt(first.start) !== 91) return { definitions, linesUsed: 0 };
  const { text, lineStarts } = joined(source, lines);
  // Asked in increasing order: the line moves on from where the last answer left it.
  let line = 0;
  const sourceOffset = (index: number): number => {
    while (line + 1 < lineStarts.length && (lineStarts[line + 1] as number) <= index) line++;
    const { start, pad = 0 } = lines[line] as { start: number; pad?: number };
    return start + Math.max(0, index - (lineStarts[line] as number) - pad);
  };
  let at = 0;
  let linesUsed = 0;
  while (at < text.length) {
    const definition = readDefinition(text, at);
    if (definition === undefined) break;
    definitions.push({
      start: sourceOffset(at),
      end: sourceOffset(definition.end),
      rawLabel: definition.rawLabel,
      label: decodeString(definition.rawLabel),
      url: decodeString(definition.destination),
      title: definition.title === null ? null : decodeString(definition.title),
    });
    while (linesUsed < lineStarts.length && (lineStarts[linesUsed] as number) <= definition.end) linesUsed++;
    at =
      definition.end +
      (text.charCodeAt(definition.end) === 13 && text.charCodeAt(definition.end + 1) === 10 ? 2 : 1);
    // The next definition may follow the next line's indentation.
    while (at < text.length && isSpaceOrTab(text.charCodeAt(at))) at++;
  }
  return { definitions, linesUsed };
}
