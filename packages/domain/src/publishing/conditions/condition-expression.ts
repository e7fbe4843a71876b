/**
 * Parses a condition (the `condition` of a site section or site space) into a
 * `ConditionNode` tree, by recursive descent over the tokens of `condition-tokens.ts`.
 * Nothing is ever evaluated as JavaScript: the tree is plain data for `condition-check.ts`
 * and `condition-evaluate.ts`.
 *
 * The language, loosest first:
 *   or      := and ('||' and)*
 *   and     := compare ('&&' compare)*
 *   compare := unary (('==' | '!=' | '===' | '!==') unary)*
 *   unary   := '!' unary | primary
 *   primary := '(' or ')' | true | false | null | number | '-' number | string | claim
 *   claim   := 'visitor' '.' 'claims' segment+
 *   segment := '.' identifier | '[' string ']'
 *
 * Outcomes: `{ ok: true, ast }`, or `{ ok: false, error: { message, offset } }` for the first
 * problem: an empty condition; text longer than 1024 characters; a character outside the
 * language; an unterminated string or a bad escape; a malformed number; a name other than
 * `visitor.claims...`; a path segment `__proto__`, `constructor` or `prototype`; a function
 * call; a missing `)` or value; more than 64 levels of `( )` and `!`; more than 256 nodes;
 * anything left after a complete condition.
 */

import { CONDITION_LIMITS, type ConditionNode, FORBIDDEN_CLAIM_SEGMENTS } from './condition-ast';
import { type ConditionSyntaxError, type ConditionToken, tokenizeCondition } from './condition-tokens';

export type { ConditionSyntaxError } from './condition-tokens';

export type ParseConditionResult =
  | { ok: true; ast: ConditionNode }
  | { ok: false; error: ConditionSyntaxError };

/** Thrown inside the parser only, and turned into the `{ ok: false }` result by `parseCondition`. */
class ConditionParseFailure extends Error {
  constructor(readonly syntaxError: ConditionSyntaxError) {
    super(syntaxError.message);
  }
}

const fail = (message: string, offset: number): never => {
  throw new ConditionParseFailure({ message, offset });
};

const VALUE_EXPECTED = 'expected a claim (visitor.claims.<name>), true, false, null, a number or a string';

const describe = (token: ConditionToken): string =>
  token.type === 'end' ? 'the end of the condition' : `'${token.text}'`;

function parseTokens(tokens: readonly ConditionToken[]): ConditionNode {
  let position = 0;
  let depth = 0;
  let nodes = 0;

  const peek = (): ConditionToken => tokens[position]!;
  const next = (): ConditionToken => tokens[position++]!;
  const isPunctuator = (value: string): boolean => {
    const token = peek();
    return token.type === 'punctuator' && token.value === value;
  };

  const node = <T extends ConditionNode>(built: T, offset: number): T => {
    nodes += 1;
    if (nodes > CONDITION_LIMITS.maxNodes) {
      fail(
        `Too many parts at ${offset}: a condition holds at most ${CONDITION_LIMITS.maxNodes} claims, values and operators`,
        offset,
      );
    }
    return built;
  };

  const enter = (offset: number): void => {
    depth += 1;
    if (depth > CONDITION_LIMITS.maxDepth) {
      fail(
        `Nested too deeply at ${offset}: at most ${CONDITION_LIMITS.maxDepth} levels of ( ) and ! inside one another`,
        offset,
      );
    }
  };

  const parseOr = (): ConditionNode => {
    let left = parseAnd();
    while (isPunctuator('||')) {
      const { offset } = next();
      left = node({ kind: 'or', left, right: parseAnd() }, offset);
    }
    return left;
  };

  const parseAnd = (): ConditionNode => {
    let left = parseCompare();
    while (isPunctuator('&&')) {
      const { offset } = next();
      left = node({ kind: 'and', left, right: parseCompare() }, offset);
    }
    return left;
  };

  const parseCompare = (): ConditionNode => {
    let left = parseUnary();
    for (let token = peek(); token.type === 'punctuator'; token = peek()) {
      if (token.value !== '==' && token.value !== '!=') break;
      next();
      left = node({ kind: 'compare', operator: token.value, left, right: parseUnary() }, token.offset);
    }
    return left;
  };

  const parseUnary = (): ConditionNode => {
    if (!isPunctuator('!')) return parsePrimary();
    const { offset } = next();
    enter(offset);
    const operand = parseUnary();
    depth -= 1;
    return node({ kind: 'not', operand }, offset);
  };

  const parsePrimary = (): ConditionNode => {
    const token = next();
    switch (token.type) {
      case 'number':
        return node({ kind: 'literal', value: token.value }, token.offset);
      case 'string':
        return node({ kind: 'literal', value: token.value }, token.offset);
      case 'identifier':
        return parseName(token);
      case 'punctuator':
        if (token.value === '(') return parseParenthesized(token.offset);
        if (token.value === '-') return parseNegative(token.offset);
        return fail(`Unexpected '${token.text}' at ${token.offset}: ${VALUE_EXPECTED}`, token.offset);
      case 'end':
        return fail(`The condition ends too early at ${token.offset}: ${VALUE_EXPECTED}`, token.offset);
    }
  };

  const parseParenthesized = (open: number): ConditionNode => {
    enter(open);
    const inner = parseOr();
    const close = next();
    if (close.type !== 'punctuator' || close.value !== ')') {
      fail(
        `Expected ')' at ${close.offset} to close the '(' at ${open}, found ${describe(close)}`,
        close.offset,
      );
    }
    depth -= 1;
    return inner;
  };

  const parseNegative = (minus: number): ConditionNode => {
    const number = next();
    if (number.type !== 'number') {
      return fail(`Unexpected '-' at ${minus}: only a number may follow a minus sign`, minus);
    }
    return node({ kind: 'literal', value: number.value === 0 ? 0 : -number.value }, minus);
  };

  const parseName = (token: ConditionToken & { type: 'identifier' }): ConditionNode => {
    if (token.value === 'true' || token.value === 'false') {
      return node({ kind: 'literal', value: token.value === 'true' }, token.offset);
    }
    if (token.value === 'null') return node({ kind: 'literal', value: null }, token.offset);
    if (token.value !== 'visitor') {
      return fail(
        `Unknown name '${token.value}' at ${token.offset}: a condition reads claims as visitor.claims.<name>`,
        token.offset,
      );
    }
    const dot = next();
    const claims = next();
    if (
      dot.type !== 'punctuator' ||
      dot.value !== '.' ||
      claims.type !== 'identifier' ||
      claims.value !== 'claims'
    ) {
      fail(
        `Expected visitor.claims at ${token.offset}: a condition reads only the visitor's claims`,
        token.offset,
      );
    }
    const path = parseSegments(claims.offset + claims.text.length);
    const after = peek();
    if (after.type === 'punctuator' && after.value === '(') {
      fail(`Unexpected '(' at ${after.offset}: conditions cannot call functions`, after.offset);
    }
    return node({ kind: 'claim', path }, token.offset);
  };

  /** The segments after `visitor.claims`: at least one, none of them reaching a prototype. */
  const parseSegments = (end: number): string[] => {
    const path: string[] = [];
    for (;;) {
      let name: ConditionToken;
      let segment: string;
      if (isPunctuator('.')) {
        next();
        name = next();
        if (name.type !== 'identifier') {
          return fail(
            `Expected a claim name at ${name.offset} after '.', found ${describe(name)}`,
            name.offset,
          );
        }
        segment = name.value;
      } else if (isPunctuator('[')) {
        next();
        name = next();
        if (name.type !== 'string') {
          return fail(
            `Expected a quoted claim name at ${name.offset}, like visitor.claims["name"]`,
            name.offset,
          );
        }
        segment = name.value;
        const close = next();
        if (close.type !== 'punctuator' || close.value !== ']') {
          fail(`Expected ']' at ${close.offset}, found ${describe(close)}`, close.offset);
        }
      } else {
        break;
      }
      if (segment === '')
        fail(`Empty claim name at ${name.offset}: name a claim of the adaptive schema`, name.offset);
      if (FORBIDDEN_CLAIM_SEGMENTS.has(segment)) {
        fail(
          `'${segment}' at ${name.offset} cannot be read by a condition: choose another claim name`,
          name.offset,
        );
      }
      path.push(segment);
    }
    if (path.length === 0) {
      fail(`Expected a claim name at ${end} after visitor.claims, like visitor.claims.isBetaUser`, end);
    }
    return path;
  };

  const ast = parseOr();
  const rest = peek();
  if (rest.type !== 'end') {
    const hint =
      rest.type === 'punctuator' && rest.value === ')'
        ? 'no ( opened it'
        : rest.type === 'punctuator' && rest.value === '('
          ? 'conditions cannot call functions'
          : 'expected &&, ||, == or != between two parts';
    fail(`Unexpected '${rest.text}' at ${rest.offset}: ${hint}`, rest.offset);
  }
  return ast;
}

export function parseCondition(text: string): ParseConditionResult {
  if (text.length > CONDITION_LIMITS.maxLength) {
    const offset = CONDITION_LIMITS.maxLength;
    return {
      ok: false,
      error: { message: `Too long at ${offset}: a condition has at most ${offset} characters`, offset },
    };
  }
  if (text.trim() === '') return { ok: false, error: { message: 'The condition is empty', offset: 0 } };
  const tokenized = tokenizeCondition(text);
  if (!tokenized.ok) return tokenized;
  try {
    return { ok: true, ast: parseTokens(tokenized.tokens) };
  } catch (failure) {
    if (failure instanceof ConditionParseFailure) return { ok: false, error: failure.syntaxError };
    throw failure;
  }
}
