import { classifyCharacter } from './delimiter-runs';

/**
 * GFM's literal autolinks as micromark-extension-gfm-autolink-literal's tokenizer reads them
 * (its `syntax.js`): `www.x.com`, `http://x.com`, `https://x.com`, `a@b.co`, with its rules on
 * the character before, the domain (no `_` in its last two parts), the path (balanced
 * parentheses, trailing punctuation and `&name;` left out) and email domains.
 *
 * Each function reads `text` (the inline content, line endings as `\n`) at `at` and returns
 * the literal's end, or -1. The caller checks what comes before (`previous...`) and that no
 * link text is open. `TrailScanner` remembers where a trail failed, so that a run of
 * punctuation inside a path is not read again for each of its characters.
 */

function isAsciiAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiAlpha(code) || (code >= 48 && code <= 57);
}

/** micromark's `markdownLineEndingOrSpace` or `unicodeWhitespace` (or the content's end). */
function isEnd(code: number): boolean {
  return classifyCharacter(code) === 1;
}

/** The characters an email literal's local part holds (`gfmAtext`). */
export function isGfmAtext(code: number): boolean {
  return code === 43 || code === 45 || code === 46 || code === 95 || isAsciiAlphanumeric(code);
}

/** What may come right before `www.`: the start, whitespace, `(`, `*`, `_`, `[`, `]`, `~`. */
export function previousAllowsWww(code: number): boolean {
  return (
    Number.isNaN(code) ||
    code === 40 ||
    code === 42 ||
    code === 95 ||
    code === 91 ||
    code === 93 ||
    code === 126 ||
    code === 32 ||
    code === 9 ||
    code === 10
  );
}

export function previousAllowsProtocol(code: number): boolean {
  return !isAsciiAlpha(code);
}

export function previousAllowsEmail(code: number): boolean {
  return !(code === 47 || isGfmAtext(code));
}

function isTrailPunctuation(code: number): boolean {
  return (
    code === 33 ||
    code === 34 ||
    code === 39 ||
    code === 41 ||
    code === 42 ||
    code === 44 ||
    code === 46 ||
    code === 58 ||
    code === 59 ||
    code === 63 ||
    code === 95 ||
    code === 126
  );
}

/** Whether trailing punctuation from `at` runs to an end (micromark's `trail` construct). */
export class TrailScanner {
  /** A trail from `failFrom` failed at `failAt` over plain punctuation only. */
  private failFrom = -1;
  private failAt = -1;

  constructor(private readonly text: string) {}

  endsAt(at: number): boolean {
    if (at > this.failFrom && at < this.failAt) return false;
    const text = this.text;
    let index = at;
    let plain = true;
    for (;;) {
      const code = text.charCodeAt(index);
      if (isTrailPunctuation(code)) {
        index++;
        continue;
      }
      if (code === 38 /* & */) {
        plain = false;
        index++;
        if (!isAsciiAlpha(text.charCodeAt(index))) break;
        while (isAsciiAlpha(text.charCodeAt(index))) index++;
        if (text.charCodeAt(index) !== 59) break;
        index++;
        continue;
      }
      if (code === 93 /* ] */) {
        plain = false;
        index++;
        const next = text.charCodeAt(index);
        if (next === 40 || next === 91 || isEnd(next)) return true;
        continue;
      }
      if (code === 60 || isEnd(code)) return true;
      break;
    }
    if (plain) {
      this.failFrom = at;
      this.failAt = index;
    }
    return false;
  }
}

/** A domain (micromark's `domain`): its end, or -1. */
function readDomain(text: string, at: number, trail: TrailScanner): number {
  let underscoreInLast = false;
  let underscoreInLastButOne = false;
  let seen = false;
  let index = at;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 46 || code === 95) {
      if (trail.endsAt(index)) break;
      if (code === 95) underscoreInLast = true;
      else {
        underscoreInLastButOne = underscoreInLast;
        underscoreInLast = false;
      }
      index++;
      continue;
    }
    if (isEnd(code) || (code !== 45 && classifyCharacter(code) === 2)) break;
    seen = true;
    index++;
  }
  return underscoreInLast || underscoreInLastButOne || !seen ? -1 : index;
}

/** A path (micromark's `path`): its end. */
function readPath(text: string, at: number, trail: TrailScanner): number {
  let open = 0;
  let close = 0;
  let index = at;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 40) {
      open++;
      index++;
      continue;
    }
    if (code === 41 && close < open) {
      close++;
      index++;
      continue;
    }
    if (
      code === 33 ||
      code === 34 ||
      code === 38 ||
      code === 39 ||
      code === 41 ||
      code === 42 ||
      code === 44 ||
      code === 46 ||
      code === 58 ||
      code === 59 ||
      code === 60 ||
      code === 63 ||
      code === 93 ||
      code === 95 ||
      code === 126
    ) {
      if (trail.endsAt(index)) return index;
      if (code === 41) close++;
      index++;
      continue;
    }
    if (isEnd(code)) return index;
    index++;
  }
}

/** `www.` then a domain and a path, at `at` (a `w` or `W`). */
export function readWwwLiteral(text: string, at: number, trail: TrailScanner): number {
  for (let offset = 0; offset < 3; offset++) {
    const code = text.charCodeAt(at + offset);
    if (code !== 87 && code !== 119) return -1;
  }
  if (text.charCodeAt(at + 3) !== 46 || at + 4 >= text.length) return -1;
  const domainEnd = readDomain(text, at, trail);
  return domainEnd === -1 ? -1 : readPath(text, domainEnd, trail);
}

/** `http://` or `https://` then a domain and a path, at `at` (an `h` or `H`). */
export function readProtocolLiteral(text: string, at: number, trail: TrailScanner): number {
  let index = at;
  while (index - at < 5 && isAsciiAlpha(text.charCodeAt(index))) index++;
  const protocol = text.slice(at, index).toLowerCase();
  if (protocol !== 'http' && protocol !== 'https') return -1;
  if (text.charCodeAt(index) !== 58 || text.charCodeAt(index + 1) !== 47 || text.charCodeAt(index + 2) !== 47)
    return -1;
  index += 3;
  const code = text.charCodeAt(index);
  if (Number.isNaN(code) || code < 32 || code === 127 || classifyCharacter(code) !== 0) return -1;
  const domainEnd = readDomain(text, index, trail);
  return domainEnd === -1 ? -1 : readPath(text, domainEnd, trail);
}

/** An email literal at `at`: local part, `@`, a domain with a dot, ending in a letter. */
export function readEmailLiteral(text: string, at: number): number {
  let index = at;
  while (isGfmAtext(text.charCodeAt(index))) index++;
  if (text.charCodeAt(index) !== 64) return -1;
  index++;
  let data = false;
  let dot = false;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 46) {
      if (!isAsciiAlphanumeric(text.charCodeAt(index + 1))) break;
      dot = true;
      index++;
      continue;
    }
    if (code === 45 || code === 95 || isAsciiAlphanumeric(code)) {
      data = true;
      index++;
      continue;
    }
    break;
  }
  return data && dot && isAsciiAlpha(text.charCodeAt(index - 1)) ? index : -1;
}
