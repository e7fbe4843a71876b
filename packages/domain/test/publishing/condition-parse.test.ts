/**
 * Parsing adaptive-content conditions: the valid forms and the trees they give, every error
 * class with its message and offset, the three limits, and (property) printing any tree and
 * parsing the text back gives the same tree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONDITION_LIMITS,
  type ConditionNode,
  parseCondition,
  printCondition,
} from '../../src/publishing/conditions';

const claim = (...path: string[]): ConditionNode => ({ kind: 'claim', path });
const literal = (value: boolean | null | number | string): ConditionNode => ({ kind: 'literal', value });
const compare = (operator: '==' | '!=', left: ConditionNode, right: ConditionNode): ConditionNode => ({
  kind: 'compare',
  operator,
  left,
  right,
});
const and = (left: ConditionNode, right: ConditionNode): ConditionNode => ({ kind: 'and', left, right });
const or = (left: ConditionNode, right: ConditionNode): ConditionNode => ({ kind: 'or', left, right });
const not = (operand: ConditionNode): ConditionNode => ({ kind: 'not', operand });

const beta = claim('unsigned', 'betaUser');

describe('parseCondition: valid forms', () => {
  const cases: Array<[text: string, ast: ConditionNode]> = [
    ['visitor.claims.unsigned.betaUser == true', compare('==', beta, literal(true))],
    ['visitor.claims.unsigned.betaUser === true', compare('==', beta, literal(true))],
    ['visitor.claims.unsigned.betaUser != false', compare('!=', beta, literal(false))],
    ['visitor.claims.unsigned.betaUser !== null', compare('!=', beta, literal(null))],
    [
      'visitor.claims.isPremium && !visitor.claims.unsigned.legacy',
      and(claim('isPremium'), not(claim('unsigned', 'legacy'))),
    ],
    ['visitor.claims.a || visitor.claims.b && visitor.claims.c', or(claim('a'), and(claim('b'), claim('c')))],
    [
      '(visitor.claims.a || visitor.claims.b) && visitor.claims.c',
      and(or(claim('a'), claim('b')), claim('c')),
    ],
    ['visitor.claims.a || visitor.claims.b || visitor.claims.c', or(or(claim('a'), claim('b')), claim('c'))],
    ['!visitor.claims.a == false', compare('==', not(claim('a')), literal(false))],
    ['!!visitor.claims.a', not(not(claim('a')))],
    ['visitor.claims["beta-user"]', claim('beta-user')],
    ["visitor.claims['unsigned'].betaUser", beta],
    ['visitor . claims . a', claim('a')],
    ['visitor.claims.true', claim('true')],
    ['visitor.claims.n == 42', compare('==', claim('n'), literal(42))],
    ['visitor.claims.n == -0.5', compare('==', claim('n'), literal(-0.5))],
    ['visitor.claims.n == 1e3', compare('==', claim('n'), literal(1000))],
    ['visitor.claims.n == -0', compare('==', claim('n'), literal(0))],
    ["visitor.claims.s == 'it\\'s'", compare('==', claim('s'), literal("it's"))],
    ['visitor.claims.s == "a\\"b\\\\c\\n"', compare('==', claim('s'), literal('a"b\\c\n'))],
    ['visitor.claims.s == "é ✓"', compare('==', claim('s'), literal('é ✓'))],
    ['((true))', literal(true)],
    ['\n\tnull\r\n', literal(null)],
  ];
  it.each(cases)('%s', (text, ast) => {
    expect(parseCondition(text)).toEqual({ ok: true, ast });
  });
});

describe('parseCondition: errors name what is wrong and where', () => {
  const cases: Array<[title: string, text: string, message: string, offset: number]> = [
    ['empty', '', 'The condition is empty', 0],
    ['blank', '   ', 'The condition is empty', 0],
    ['assignment', 'visitor.claims.unsigned.betaUser = true', "Unexpected '=' at 33: use == to compare", 33],
    ['lone &', 'visitor.claims.a & visitor.claims.b', 'Unexpected \'&\' at 17: use && for "and"', 17],
    ['lone |', 'visitor.claims.a | true', 'Unexpected \'|\' at 17: use || for "or"', 17],
    [
      'relational',
      'visitor.claims.a < 2',
      "Unexpected '<' at 17: conditions compare only with == and !=",
      17,
    ],
    ['unknown character', 'visitor.claims.a @ 1', "Unexpected '@' at 17", 17],
    ['template literal', '`a`', "Unexpected '`' at 0: quote strings with ' or \"", 0],
    [
      'unterminated string',
      'visitor.claims.a == "abc',
      'Unterminated string starting at 20: close it with "',
      20,
    ],
    ['line break in a string', "true == 'a\nb'", "Unterminated string starting at 8: close it with '", 8],
    [
      'bad escape',
      "visitor.claims.a == 'a\\q'",
      'Unsupported escape at 22: inside a string use \\\\, \\\', \\", \\n, \\r or \\t',
      22,
    ],
    [
      'malformed number',
      'visitor.claims.a == 12abc',
      'Malformed number at 20: write numbers like 3, 0.5 or 1e3',
      20,
    ],
    ['number too large', 'visitor.claims.a == 1e999', 'Number too large at 20', 20],
    ['minus without a number', '- true', "Unexpected '-' at 0: only a number may follow a minus sign", 0],
    [
      'other root',
      'user.isBeta',
      "Unknown name 'user' at 0: a condition reads claims as visitor.claims.<name>",
      0,
    ],
    [
      'undefined',
      'visitor.claims.a == undefined',
      "Unknown name 'undefined' at 20: a condition reads claims as visitor.claims.<name>",
      20,
    ],
    [
      'visitor without claims',
      'visitor.user.x',
      "Expected visitor.claims at 0: a condition reads only the visitor's claims",
      0,
    ],
    [
      'claims without a name',
      'visitor.claims',
      'Expected a claim name at 14 after visitor.claims, like visitor.claims.isBetaUser',
      14,
    ],
    [
      'dot without a name',
      'visitor.claims.',
      "Expected a claim name at 15 after '.', found the end of the condition",
      15,
    ],
    [
      'bracket with a number',
      'visitor.claims[1]',
      'Expected a quoted claim name at 15, like visitor.claims["name"]',
      15,
    ],
    ['bracket unclosed', 'visitor.claims["a"', "Expected ']' at 18, found the end of the condition", 18],
    [
      'empty bracket name',
      'visitor.claims[""]',
      'Empty claim name at 15: name a claim of the adaptive schema',
      15,
    ],
    [
      'constructor',
      'visitor.claims.constructor',
      "'constructor' at 15 cannot be read by a condition: choose another claim name",
      15,
    ],
    [
      '__proto__ in brackets',
      'visitor.claims["__proto__"].x',
      "'__proto__' at 15 cannot be read by a condition: choose another claim name",
      15,
    ],
    [
      'prototype deeper',
      'visitor.claims.a.prototype',
      "'prototype' at 17 cannot be read by a condition: choose another claim name",
      17,
    ],
    ['function call', 'visitor.claims.a()', "Unexpected '(' at 16: conditions cannot call functions", 16],
    ['call on a literal', 'true()', "Unexpected '(' at 4: conditions cannot call functions", 4],
    [
      'method call',
      'visitor.claims.a.toString()',
      "Unexpected '(' at 25: conditions cannot call functions",
      25,
    ],
    [
      'missing )',
      '(visitor.claims.a',
      "Expected ')' at 17 to close the '(' at 0, found the end of the condition",
      17,
    ],
    ['extra )', 'visitor.claims.a)', "Unexpected ')' at 16: no ( opened it", 16],
    [
      'two values side by side',
      'visitor.claims.a visitor.claims.b',
      "Unexpected 'visitor' at 17: expected &&, ||, == or != between two parts",
      17,
    ],
    [
      'operator first',
      '&& true',
      "Unexpected '&&' at 0: expected a claim (visitor.claims.<name>), true, false, null, a number or a string",
      0,
    ],
    [
      'ends after an operator',
      'true &&',
      'The condition ends too early at 7: expected a claim (visitor.claims.<name>), true, false, null, a number or a string',
      7,
    ],
  ];
  it.each(cases)('%s', (_title, text, message, offset) => {
    expect(parseCondition(text)).toEqual({ ok: false, error: { message, offset } });
  });
});

describe('parseCondition: the limits', () => {
  const { maxLength, maxDepth, maxNodes } = CONDITION_LIMITS;

  it(`accepts ${maxLength} characters and refuses one more`, () => {
    const atLimit = 'visitor.claims.a'.padEnd(maxLength, ' ');
    expect(parseCondition(atLimit).ok).toBe(true);
    expect(parseCondition(atLimit + ' ')).toEqual({
      ok: false,
      error: {
        message: `Too long at ${maxLength}: a condition has at most ${maxLength} characters`,
        offset: maxLength,
      },
    });
  });

  it(`accepts ${maxDepth} levels of ( ) and ! and refuses one more`, () => {
    const nested = (levels: number) => '('.repeat(levels) + 'true' + ')'.repeat(levels);
    expect(parseCondition(nested(maxDepth)).ok).toBe(true);
    expect(parseCondition('!'.repeat(maxDepth) + 'true').ok).toBe(true);
    expect(parseCondition(nested(maxDepth + 1))).toEqual({
      ok: false,
      error: {
        message: `Nested too deeply at ${maxDepth}: at most ${maxDepth} levels of ( ) and ! inside one another`,
        offset: maxDepth,
      },
    });
    expect(parseCondition('!('.repeat(40) + 'true' + ')'.repeat(40)).ok).toBe(false);
  });

  it('refuses a 1024-character input nested to the brim at its 65th level, without reading further', () => {
    const text = '('.repeat(CONDITION_LIMITS.maxLength);
    expect(parseCondition(text)).toEqual({
      ok: false,
      error: expect.objectContaining({ offset: maxDepth }),
    });
    expect(parseCondition('!'.repeat(CONDITION_LIMITS.maxLength - 4) + 'true')).toEqual({
      ok: false,
      error: expect.objectContaining({ offset: maxDepth }),
    });
  });

  it(`accepts ${maxNodes} nodes and refuses one more`, () => {
    // n literals joined by || make 2n - 1 nodes.
    const ors = (literals: number) => Array.from({ length: literals }, () => '1').join('||');
    expect(parseCondition('!' + ors(128)).ok).toBe(true); // 128 literals, 127 ||, one !: 256 nodes
    // 129 literals: the 257th node is the 128th ||, at offset 3 * 128 - 2.
    expect(parseCondition(ors(129))).toEqual({
      ok: false,
      error: {
        message: `Too many parts at 382: a condition holds at most ${maxNodes} claims, values and operators`,
        offset: 382,
      },
    });
  });
});

describe('printCondition', () => {
  it('prints the normal form: == for ===, double quotes, parentheses only where needed', () => {
    const parsed = parseCondition(
      "(visitor.claims['a-b'] === 'x') && (visitor.claims.c || (visitor.claims.d || !(visitor.claims.e)))",
    );
    expect(parsed.ok && printCondition(parsed.ast)).toBe(
      'visitor.claims["a-b"] == "x" && (visitor.claims.c || (visitor.claims.d || !visitor.claims.e))',
    );
  });

  const literalArbitrary = fc.oneof(
    fc.boolean(),
    fc.constant(null),
    fc.integer({ min: -1000, max: 1000 }).map((value) => (value === 0 ? 0 : value)),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => (value === 0 ? 0 : value)),
    fc.string({ maxLength: 8, unit: 'binary' }),
  );
  const segmentArbitrary = fc.oneof(
    fc.constantFrom('unsigned', 'betaUser', 'isPremium', 'true', '_x$'),
    fc
      .string({ minLength: 1, maxLength: 6, unit: 'binary' })
      .filter((name) => !['__proto__', 'constructor', 'prototype'].includes(name)),
  );
  const { tree } = fc.letrec<{ tree: ConditionNode }>((self) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      literalArbitrary.map(literal),
      fc.array(segmentArbitrary, { minLength: 1, maxLength: 3 }).map((path) => claim(...path)),
      self('tree').map(not),
      fc.tuple(self('tree'), self('tree')).map(([left, right]) => and(left, right)),
      fc.tuple(self('tree'), self('tree')).map(([left, right]) => or(left, right)),
      fc
        .tuple(fc.constantFrom<'==' | '!='>('==', '!='), self('tree'), self('tree'))
        .map(([operator, left, right]) => compare(operator, left, right)),
    ),
  }));

  it('any printed tree parses back to the same tree', () => {
    fc.assert(
      fc.property(tree, (ast) => {
        const text = printCondition(ast);
        fc.pre(text.length <= CONDITION_LIMITS.maxLength);
        expect(parseCondition(text)).toEqual({ ok: true, ast });
      }),
      { numRuns: 500 },
    );
  });
});
