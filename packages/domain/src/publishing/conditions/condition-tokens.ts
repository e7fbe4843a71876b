/**
 * Splits a condition's text into tokens for `condition-expression.ts`. Anything outside the
 * small language (a lone `=`, `&` or `|`, `<`, `+`, a backtick...) stops here with an offset
 * and a hint, so the person typing sees the first character that cannot work.
 */

export type ConditionPunctuator = '(' | ')' | '[' | ']' | '.' | '!' | '-' | '&&' | '||' | '==' | '!=';

export type ConditionToken =
  | { type: 'punctuator'; value: ConditionPunctuator; text: string; offset: number }
  | { type: 'identifier'; value: string; text: string; offset: number }
  | { type: 'number'; value: number; text: string; offset: number }
  | { type: 'string'; value: string; text: string; offset: number }
  | { type: 'end'; text: ''; offset: number };

export interface ConditionSyntaxError {
  message: string;
  /** Index (from 0) of the character the message is about, in the condition's text. */
  offset: number;
}

export type TokenizeResult =
  | { ok: true; tokens: ConditionToken[] }
  | { ok: false; error: ConditionSyntaxError };

const WHITESPACE = /[ \t\r\n]+/y;
const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const NUMBER = /[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const IDENTIFIER_CHARACTER = /[A-Za-z0-9_$.]/;
const isIdentifierStart = (character: string): boolean =>
  (character >= 'a' && character <= 'z') ||
  (character >= 'A' && character <= 'Z') ||
  character === '_' ||
  character === '$';
const isDigit = (character: string): boolean => character >= '0' && character <= '9';

/** Every spelling of an operator; the longest one at a place wins (`===` before `==`). */
const OPERATORS: ReadonlyMap<string, ConditionPunctuator> = new Map([
  ['===', '=='],
  ['!==', '!='],
  ['==', '=='],
  ['!=', '!='],
  ['&&', '&&'],
  ['||', '||'],
  ['(', '('],
  [')', ')'],
  ['[', '['],
  [']', ']'],
  ['.', '.'],
  ['!', '!'],
  ['-', '-'],
]);

/** The operator spelled at `offset`, longest first (`===` before `==`), or undefined. */
const operatorAt = (text: string, offset: number): string | undefined => {
  const first = text[offset];
  const second = text[offset + 1];
  const third = text[offset + 2];
  switch (first) {
    case '=':
      if (second !== '=') return undefined;
      return third === '=' ? '===' : '==';
    case '!':
      if (second !== '=') return '!';
      return third === '=' ? '!==' : '!=';
    case '&':
      return second === '&' ? '&&' : undefined;
    case '|':
      return second === '|' ? '||' : undefined;
    case '(':
    case ')':
    case '[':
    case ']':
    case '.':
    case '-':
      return first;
    default:
      return undefined;
  }
};

/** Characters that are close to the language but not in it, with what to write instead. */
const HINTS: Readonly<Record<string, string>> = {
  '=': 'use == to compare',
  '&': 'use && for "and"',
  '|': 'use || for "or"',
  '<': 'conditions compare only with == and !=',
  '>': 'conditions compare only with == and !=',
  ',': 'conditions cannot call functions or list values',
  ';': 'a condition is a single expression',
  '`': 'quote strings with \' or "',
};

const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  r: '\r',
  t: '\t',
};

const matchAt = (pattern: RegExp, text: string, offset: number): string | null => {
  pattern.lastIndex = offset;
  return pattern.exec(text)?.[0] ?? null;
};

const unexpected = (character: string, offset: number): ConditionSyntaxError => {
  const hint = HINTS[character];
  const shown = JSON.stringify(character).slice(1, -1);
  return { message: `Unexpected '${shown}' at ${offset}${hint ? `: ${hint}` : ''}`, offset };
};

type StringScan = { ok: true; value: string; end: number } | { ok: false; error: ConditionSyntaxError };

/** A quoted string from its opening quote: the escapes \\ \' \" \n \r \t, no raw line breaks. */
function scanString(text: string, start: number): StringScan {
  const quote = text[start];
  let value = '';
  let offset = start + 1;
  while (offset < text.length) {
    const character = text[offset]!;
    if (character === quote) return { ok: true, value, end: offset + 1 };
    if (character === '\n' || character === '\r') break;
    if (character === '\\') {
      const escaped = text[offset + 1];
      const replacement = escaped === undefined ? undefined : ESCAPES[escaped];
      if (replacement === undefined) {
        return {
          ok: false,
          error: {
            message: `Unsupported escape at ${offset}: inside a string use \\\\, \\', \\", \\n, \\r or \\t`,
            offset,
          },
        };
      }
      value += replacement;
      offset += 2;
      continue;
    }
    value += character;
    offset += 1;
  }
  return {
    ok: false,
    error: { message: `Unterminated string starting at ${start}: close it with ${quote}`, offset: start },
  };
}

export function tokenizeCondition(text: string): TokenizeResult {
  const tokens: ConditionToken[] = [];
  let offset = 0;
  while (offset < text.length) {
    const character = text[offset]!;
    // One look at the character picks the only kind of token that can start with it.
    const space = character <= ' ' ? matchAt(WHITESPACE, text, offset) : null;
    if (space) {
      offset += space.length;
      continue;
    }
    if (character === '"' || character === "'") {
      const scanned = scanString(text, offset);
      if (!scanned.ok) return scanned;
      tokens.push({ type: 'string', value: scanned.value, text: text.slice(offset, scanned.end), offset });
      offset = scanned.end;
      continue;
    }
    const identifier = isIdentifierStart(character) ? matchAt(IDENTIFIER, text, offset) : null;
    if (identifier) {
      tokens.push({ type: 'identifier', value: identifier, text: identifier, offset });
      offset += identifier.length;
      continue;
    }
    const digits = isDigit(character) ? matchAt(NUMBER, text, offset) : null;
    if (digits) {
      const value = Number(digits);
      const after = text[offset + digits.length];
      if (!Number.isFinite(value)) {
        return { ok: false, error: { message: `Number too large at ${offset}`, offset } };
      }
      if (after !== undefined && IDENTIFIER_CHARACTER.test(after)) {
        return {
          ok: false,
          error: { message: `Malformed number at ${offset}: write numbers like 3, 0.5 or 1e3`, offset },
        };
      }
      tokens.push({ type: 'number', value, text: digits, offset });
      offset += digits.length;
      continue;
    }
    const spelling = operatorAt(text, offset);
    if (!spelling)
      return { ok: false, error: unexpected(String.fromCodePoint(text.codePointAt(offset)!), offset) };
    tokens.push({ type: 'punctuator', value: OPERATORS.get(spelling)!, text: spelling, offset });
    offset += spelling.length;
  }
  tokens.push({ type: 'end', text: '', offset: text.length });
  return { ok: true, tokens };
}
