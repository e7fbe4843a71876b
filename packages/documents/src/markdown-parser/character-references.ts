import { characterEntities } from 'character-entities';

/**
 * Character references (`&amp;`, `&#35;`, `&#x22;`) and backslash escapes, read as micromark
 * reads them (micromark-core-commonmark's `character-reference.js` and `character-escape.js`,
 * micromark-util-decode-string): a named reference is one of HTML5's names (the
 * `character-entities` table micromark itself decodes with, at most 31 characters), a
 * decimal one has 1-7 digits, a hexadecimal one 1-6; a number that is no character decodes
 * to U+FFFD.
 */

const own = Object.prototype.hasOwnProperty;

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** ASCII punctuation: what a backslash escapes. */
export function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}

/** micromark-util-decode-numeric-character-reference: U+FFFD for what is no character. */
export function decodeNumericReference(digits: string, base: 10 | 16): string {
  const code = Number.parseInt(digits, base);
  if (
    code < 9 ||
    code === 11 ||
    (code > 13 && code < 32) ||
    (code > 126 && code < 160) ||
    (code > 55_295 && code < 57_344) ||
    (code > 64_975 && code < 65_008) ||
    (code & 65_535) === 65_535 ||
    (code & 65_535) === 65_534 ||
    code > 1_114_111
  ) {
    return '\uFFFD';
  }
  return String.fromCodePoint(code);
}

/** A named reference's characters, or undefined when the name is not HTML5's. */
export function decodeNamedReference(name: string): string | undefined {
  return own.call(characterEntities, name) ? (characterEntities as Record<string, string>)[name] : undefined;
}

/** A reference read at `text[at]` (an `&`): its end and its characters. */
export interface CharacterReference {
  end: number;
  value: string;
}

/** The character reference starting at `at` (which holds `&`), or undefined. */
export function readCharacterReference(text: string, at: number): CharacterReference | undefined {
  let index = at + 1;
  if (text.charCodeAt(index) === 35 /* # */) {
    index++;
    let base: 10 | 16 = 10;
    const marker = text.charCodeAt(index);
    if (marker === 120 || marker === 88 /* x X */) {
      base = 16;
      index++;
    }
    const start = index;
    const max = base === 16 ? 6 : 7;
    while (index - start < max) {
      const code = text.charCodeAt(index);
      if (base === 16 ? !isHexDigit(code) : !(code >= 48 && code <= 57)) break;
      index++;
    }
    if (index === start || text.charCodeAt(index) !== 59 /* ; */) return undefined;
    return { end: index + 1, value: decodeNumericReference(text.slice(start, index), base) };
  }
  const start = index;
  while (index - start < 31 && isAsciiAlphanumeric(text.charCodeAt(index))) index++;
  if (index === start || text.charCodeAt(index) !== 59) return undefined;
  const value = decodeNamedReference(text.slice(start, index));
  return value === undefined ? undefined : { end: index + 1, value };
}

/**
 * A string's escapes and references decoded (micromark's string content: a link's
 * destination, title and label, a footnote's label).
 */
export function decodeString(value: string): string {
  if (value.indexOf('\\') === -1 && value.indexOf('&') === -1) return value;
  let result = '';
  let from = 0;
  let index = 0;
  while (index < value.length) {
    const code = value.charCodeAt(index);
    if (code === 92 && index + 1 < value.length && isAsciiPunctuation(value.charCodeAt(index + 1))) {
      result += value.slice(from, index) + value.charAt(index + 1);
      index += 2;
      from = index;
    } else if (code === 38) {
      const reference = readCharacterReference(value, index);
      if (reference === undefined) index++;
      else {
        result += value.slice(from, index) + reference.value;
        index = reference.end;
        from = index;
      }
    } else index++;
  }
  return result + value.slice(from);
}
