/**
 * What an inline `<` opens: an autolink (`<https://x.y>`, `<a@b.co>`) or raw HTML (an open or
 * closing tag, a comment, a processing instruction, a declaration, a CDATA section), read as
 * micromark reads them (micromark-core-commonmark's `autolink.js` and `html-text.js`, CommonMark
 * 0.31's rules: `<!-->` and `<!--->` are comments).
 *
 * Both read `text`, the inline content with its line endings as `\n`; HTML may span lines. A
 * comment, instruction or CDATA section that does not end fails only at the content's end:
 * `HtmlScanner` remembers, per kind, the offset past which no terminator exists, so that a
 * paragraph of openers is read in linear time.
 */

function isAsciiAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiAlpha(code) || (code >= 48 && code <= 57);
}

/** micromark's `asciiAtext`: what an email autolink's local part holds. */
function isAsciiAtext(code: number): boolean {
  return (
    code === 33 ||
    (code >= 35 && code <= 39) ||
    code === 42 ||
    code === 43 ||
    (code >= 45 && code <= 57) ||
    code === 61 ||
    code === 63 ||
    (code >= 65 && code <= 90) ||
    (code >= 94 && code <= 126)
  );
}

export interface Autolink {
  /** Offset past the `>`. */
  end: number;
  email: boolean;
}

/** The autolink starting at `at` (a `<`), or undefined. */
export function readAutolink(text: string, at: number): Autolink | undefined {
  let index = at + 1;
  const first = text.charCodeAt(index);
  if (!isAsciiAlpha(first)) return readEmailAutolink(text, at);
  index++;
  let size = 1;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 58 /* : */ && size >= 2) break;
    if ((isAsciiAlphanumeric(code) || code === 43 || code === 45 || code === 46) && size < 32) {
      index++;
      size++;
      continue;
    }
    return readEmailAutolink(text, at);
  }
  index++;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 62 /* > */) return { end: index + 1, email: false };
    if (Number.isNaN(code) || code <= 32 || code === 60 || code === 127) return undefined;
    index++;
  }
}

function readEmailAutolink(text: string, at: number): Autolink | undefined {
  let index = at + 1;
  while (isAsciiAtext(text.charCodeAt(index))) index++;
  if (index === at + 1 || text.charCodeAt(index) !== 64 /* @ */) return undefined;
  index++;
  // Labels: alphanumeric at both ends, `-` inside, at most 63 characters, joined by dots.
  for (;;) {
    let size = 0;
    while (size < 63) {
      const code = text.charCodeAt(index);
      if (isAsciiAlphanumeric(code) || (code === 45 && size > 0)) {
        index++;
        size++;
      } else break;
    }
    if (size === 0 || text.charCodeAt(index - 1) === 45) return undefined;
    const code = text.charCodeAt(index);
    if (code === 62) return { end: index + 1, email: true };
    if (code !== 46) return undefined;
    index++;
  }
}

/**
 * After a line ending inside HTML, micromark skips 3 columns of indentation at most: where a
 * tab reaches past them, the columns left of it are spaces in the value.
 */
function skipLinePrefix(text: string, index: number, column: number): [next: number, spaces: string] {
  let size = 0;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 32 && size < 3) {
      index++;
      size++;
      column++;
    } else if (code === 9 && size < 3) {
      const width = 4 - (column % 4);
      index++;
      column += width;
      size += width;
      if (size > 3) return [index, ' '.repeat(size - 3)];
    } else return [index, ''];
  }
}

/** Raw HTML read at a `<`: its end, and its value (continuation lines' indentation left out). */
export interface RawHtml {
  end: number;
  value: string;
}

/** Reads raw HTML in one content, remembering which terminators are missing from where on. */
export class HtmlScanner {
  /** Per terminator (`-->`, `?>`, `]]>`): from this offset on, the content has none. */
  private readonly missingFrom = new Map<string, number>();

  /**
   * `slice` gives the text between two indices with the source's line endings, `columnOf` an
   * index's column in its source line (tabs to multiples of 4).
   */
  constructor(
    private readonly text: string,
    private readonly slice: (from: number, to: number) => string,
    private readonly columnOf: (index: number) => number,
  ) {}

  /** Where the last read failed: the index micromark stopped at (what it read is before). */
  private failure = 0;

  /**
   * The raw HTML at `at`, or, if there is none, the index where micromark's attempt failed
   * (it read every character before it, line endings included: `InlineScanner.failedAt`).
   */
  read(at: number): RawHtml | number {
    const end = this.endOf(at);
    if (end === undefined) return this.failure;
    const raw = this.text.slice(at, end);
    if (raw.indexOf('\n') === -1) return { end, value: raw };
    // Line endings are kept, the indentation after each (3 columns at most) is not.
    let value = '';
    let from = at;
    let index = this.text.indexOf('\n', at);
    while (index !== -1 && index < end) {
      value += this.slice(from, index + 1);
      const [next, spaces] = skipLinePrefix(this.text, index + 1, this.columnOf(index + 1));
      value += spaces;
      from = next;
      index = this.text.indexOf('\n', from);
    }
    return { end, value: value + this.text.slice(from, end) };
  }

  /** Whether `terminator` occurs at or after `from` (remembering a miss). */
  private findTerminator(terminator: string, from: number): number {
    const missing = this.missingFrom.get(terminator);
    if (missing !== undefined && from >= missing) return -1;
    const found = this.text.indexOf(terminator, from);
    if (found === -1) this.missingFrom.set(terminator, Math.min(missing ?? from, from));
    return found;
  }

  /** Notes where micromark fails (`read`'s answer), and answers no HTML. */
  private fail(index: number): undefined {
    this.failure = index;
    return undefined;
  }

  private endOf(at: number): number | undefined {
    const text = this.text;
    let index = at + 1;
    const code = text.charCodeAt(index);
    if (code === 33 /* ! */) {
      index++;
      const next = text.charCodeAt(index);
      if (next === 45 /* - */) {
        if (text.charCodeAt(index + 1) !== 45) return this.fail(index + 1);
        index += 2;
        // `<!-->` and `<!--->` are comments too.
        if (text.charCodeAt(index) === 62) return index + 1;
        if (text.charCodeAt(index) === 45 && text.charCodeAt(index + 1) === 62) return index + 2;
        const found = this.findTerminator('-->', index);
        return found === -1 ? this.fail(text.length) : found + 3;
      }
      if (next === 91 /* [ */) {
        if (text.slice(index + 1, index + 7) !== 'CDATA[') return this.fail(index + 1);
        const found = this.findTerminator(']]>', index + 7);
        return found === -1 ? this.fail(text.length) : found + 3;
      }
      if (isAsciiAlpha(next)) {
        const found = this.findTerminator('>', index);
        return found === -1 ? this.fail(text.length) : found + 1;
      }
      return this.fail(index);
    }
    if (code === 63 /* ? */) {
      const found = this.findTerminator('?>', index + 1);
      return found === -1 ? this.fail(text.length) : found + 2;
    }
    if (code === 47 /* / */) {
      index++;
      if (!isAsciiAlpha(text.charCodeAt(index))) return this.fail(index);
      index++;
      while (isTagNameCode(text.charCodeAt(index))) index++;
      index = skipWhitespace(text, index);
      return text.charCodeAt(index) === 62 ? index + 1 : this.fail(index);
    }
    if (!isAsciiAlpha(code)) return this.fail(index);
    index++;
    while (isTagNameCode(text.charCodeAt(index))) index++;
    return this.openTagEnd(index);
  }

  /** After an open tag's name: attributes, then `>` or `/>`. */
  private openTagEnd(from: number): number | undefined {
    const text = this.text;
    let index = from;
    for (;;) {
      const code = text.charCodeAt(index);
      if (code === 62) return index + 1;
      if (code === 47) return text.charCodeAt(index + 1) === 62 ? index + 2 : this.fail(index + 1);
      // An attribute needs whitespace before it.
      const afterSpace = skipWhitespace(text, index);
      if (afterSpace === index) return this.fail(index);
      index = afterSpace;
      const name = text.charCodeAt(index);
      if (!(name === 58 || name === 95 || isAsciiAlpha(name))) continue;
      index++;
      while (isAttributeNameCode(text.charCodeAt(index))) index++;
      const beforeEquals = skipWhitespace(text, index);
      if (text.charCodeAt(beforeEquals) !== 61 /* = */) continue;
      index = skipWhitespace(text, beforeEquals + 1);
      const quote = text.charCodeAt(index);
      if (quote === 34 || quote === 39) {
        const close = this.findTerminator(String.fromCharCode(quote), index + 1);
        if (close === -1) return this.fail(text.length);
        index = close + 1;
        const after = text.charCodeAt(index);
        if (!(after === 47 || after === 62 || after === 32 || after === 9 || after === 10))
          return this.fail(index);
        continue;
      }
      // An unquoted value may start with `/` (micromark's `tagOpenAttributeValueBefore`).
      const valueStart = index;
      if (text.charCodeAt(index) === 47) index++;
      for (;;) {
        const value = text.charCodeAt(index);
        if (
          Number.isNaN(value) ||
          value === 34 ||
          value === 39 ||
          value === 60 ||
          value === 61 ||
          value === 96
        )
          return this.fail(index);
        if (value === 47 || value === 62 || value === 32 || value === 9 || value === 10) break;
        index++;
      }
      if (index === valueStart) return this.fail(index);
    }
  }
}

function isTagNameCode(code: number): boolean {
  return code === 45 || isAsciiAlphanumeric(code);
}

function isAttributeNameCode(code: number): boolean {
  return code === 45 || code === 46 || code === 58 || code === 95 || isAsciiAlphanumeric(code);
}

function skipWhitespace(text: string, index: number): number {
  for (;;) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 10) return index;
    index++;
  }
}
