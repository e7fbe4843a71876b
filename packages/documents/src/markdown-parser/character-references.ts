/**
 * CommonMark's "string" content (a code fence's info, a definition's destination, title and
 * label): backslash escapes of ASCII punctuation and character references (`&amp;`, `&#35;`,
 * `&#x22;`) decoded, as micromark's `decodeString` does: named references from the HTML list
 * (`named-character-references.ts`), numeric ones with micromark's replacement rules.
 */
import { NAMED_CHARACTER_REFERENCES } from './named-character-references';

let named: Map<string, string> | undefined;

function namedReference(name: string): string | undefined {
  if (named === undefined) {
    named = new Map();
    for (const entry of NAMED_CHARACTER_REFERENCES.split(' ')) {
      const equals = entry.indexOf('=');
      if (equals <= 0) continue;
      const codes = entry
        .slice(equals + 1)
        .split(',')
        .map((hex) => Number.parseInt(hex, 16));
      named.set(entry.slice(0, equals), String.fromCodePoint(...codes));
    }
  }
  return named.get(name);
}

export function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}

/** micromark-util-decode-numeric-character-reference's rule: unsafe code points become U+FFFD. */
export function numericReference(code: number): string {
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
  )
    return '\uFFFD';
  return String.fromCodePoint(code);
}

function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * The character reference at `at` (on `&`) in `text`: its value and the index past its `;`,
 * or undefined when it is not one.
 */
export function characterReferenceAt(text: string, at: number): { value: string; end: number } | undefined {
  let index = at + 1;
  if (text.charCodeAt(index) === 35 /* # */) {
    index++;
    const hex = text.charCodeAt(index) === 120 || text.charCodeAt(index) === 88;
    if (hex) index++;
    const digitsStart = index;
    const max = hex ? 6 : 7;
    while (
      index - digitsStart < max &&
      (hex ? isHexDigit(text.charCodeAt(index)) : isDigit(text.charCodeAt(index)))
    )
      index++;
    if (index === digitsStart || text.charCodeAt(index) !== 59 /* ; */) return undefined;
    const code = Number.parseInt(text.slice(digitsStart, index), hex ? 16 : 10);
    return { value: numericReference(code), end: index + 1 };
  }
  const nameStart = index;
  while (index - nameStart < 31 && isAlphanumeric(text.charCodeAt(index))) index++;
  if (index === nameStart || text.charCodeAt(index) !== 59) return undefined;
  const value = namedReference(text.slice(nameStart, index));
  return value === undefined ? undefined : { value, end: index + 1 };
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** `text` with its backslash escapes and character references decoded. */
export function decodeString(text: string): string {
  if (text.indexOf('\\') === -1 && text.indexOf('&') === -1) return text;
  let result = '';
  let copied = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 92 /* \ */ && isAsciiPunctuation(text.charCodeAt(index + 1))) {
      result += text.slice(copied, index);
      copied = index + 1;
      index++;
    } else if (code === 38 /* & */) {
      const reference = characterReferenceAt(text, index);
      if (reference === undefined) continue;
      result += text.slice(copied, index) + reference.value;
      copied = reference.end;
      index = reference.end - 1;
    }
  }
  return result + text.slice(copied);
}
