import { decodeString } from './character-references';

/**
 * What follows a link's or image's `]`: a resource, `(destination "title")`, or a reference
 * label, `[label]`, read as micromark reads them (micromark-core-commonmark's `label-end.js`,
 * micromark-factory-destination, -title, -label and -whitespace).
 *
 * All read `text`, the inline content with its line endings as `\n` (a line's indentation
 * after one is whitespace like any other here).
 */

export interface Resource {
  /** Offset past the `)`. */
  end: number;
  url: string;
  title: string | null;
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10;
}

function skipWhitespace(text: string, index: number): number {
  while (isWhitespace(text.charCodeAt(index))) index++;
  return index;
}

/** micromark's `asciiControl`, which a raw destination may not hold. */
function isAsciiControl(code: number): boolean {
  return code < 32 || code === 127;
}

/**
 * The resource starting at `at` (a `(`), or, if there is none, the index where micromark's
 * attempt failed (it read every character before it, line endings included). `slice` gives
 * the text between two indices with the source's line endings (a title's).
 */
export function readResource(
  text: string,
  at: number,
  slice: (from: number, to: number) => string,
): Resource | number {
  let index = skipWhitespace(text, at + 1);
  if (text.charCodeAt(index) === 41 /* ) */) return { end: index + 1, url: '', title: null };
  const destination = readDestination(text, index);
  if (typeof destination === 'number') return destination;
  const url = decodeString(text.slice(destination.valueStart, destination.valueEnd));
  index = destination.end;
  const afterDestination = skipWhitespace(text, index);
  let title: string | null = null;
  if (afterDestination !== index) {
    index = afterDestination;
    const marker = text.charCodeAt(index);
    if (marker === 34 || marker === 39 || marker === 40) {
      const read = readTitle(text, index, slice);
      // A title not closed fails at the content's end.
      if (read === undefined) return text.length;
      title = read.value;
      index = skipWhitespace(text, read.end);
    }
  }
  if (text.charCodeAt(index) !== 41) return index;
  return { end: index + 1, url, title };
}

interface Destination {
  end: number;
  valueStart: number;
  valueEnd: number;
}

/**
 * A destination: `<...>` on one line, or raw, its parentheses balanced (32 deep at most); or
 * the index where it fails.
 */
function readDestination(text: string, at: number): Destination | number {
  let index = at;
  if (text.charCodeAt(index) === 60 /* < */) {
    index++;
    for (;;) {
      const code = text.charCodeAt(index);
      if (code === 62) return { end: index + 1, valueStart: at + 1, valueEnd: index };
      if (Number.isNaN(code) || code === 10 || code === 60) return index;
      if (code === 92) {
        const next = text.charCodeAt(index + 1);
        index += next === 60 || next === 62 || next === 92 ? 2 : 1;
      } else index++;
    }
  }
  let balance = 0;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 40) {
      if (++balance > 32) return index;
      index++;
    } else if (code === 41) {
      if (balance === 0) break;
      balance--;
      index++;
    } else if (Number.isNaN(code) || code === 32 || isAsciiControl(code)) break;
    else if (code === 92) {
      const next = text.charCodeAt(index + 1);
      index += next === 40 || next === 41 || next === 92 ? 2 : 1;
    } else index++;
  }
  if (index === at || balance !== 0) return index;
  return { end: index, valueStart: at, valueEnd: index };
}

/** A title in `"`, `'` or `()`: its value, escapes and references decoded, indentation left out. */
function readTitle(
  text: string,
  at: number,
  slice: (from: number, to: number) => string,
): { end: number; value: string | null } | undefined {
  const open = text.charCodeAt(at);
  const close = open === 40 ? 41 : open;
  let index = at + 1;
  let value = '';
  let from = index;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === close) {
      // An empty title is none (micromark makes no title string then).
      if (index === at + 1) return { end: index + 1, value: null };
      value += decodeString(text.slice(from, index));
      return { end: index + 1, value };
    }
    if (Number.isNaN(code)) return undefined;
    if (code === 10) {
      // A line ending is kept, the next line's indentation is not (micromark's line prefix).
      value += decodeString(text.slice(from, index)) + slice(index, index + 1);
      index = index + 1;
      while (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9) index++;
      from = index;
      continue;
    }
    if (code === 92) {
      const next = text.charCodeAt(index + 1);
      index += next === close || next === 92 ? 2 : 1;
    } else index++;
  }
}

/**
 * A reference label, `[...]`, at `at`: at most 999 characters, no unescaped `[`, something
 * other than whitespace inside. Its end and the raw text between the brackets; or the index
 * where micromark's attempt failed.
 */
export function readReferenceLabel(text: string, at: number): { end: number; raw: string } | number {
  let index = at + 1;
  let size = 0;
  let seen = false;
  for (;;) {
    const code = text.charCodeAt(index);
    if (Number.isNaN(code) || code === 91 || size > 999) return index;
    if (code === 93) {
      if (!seen) return index;
      return { end: index + 1, raw: text.slice(at + 1, index) };
    }
    if (!isWhitespace(code)) seen = true;
    if (code === 92) {
      const next = text.charCodeAt(index + 1);
      if (next === 91 || next === 92 || next === 93) {
        index += 2;
        size += 2;
        continue;
      }
    }
    index++;
    size++;
  }
}
