/**
 * Adaptive-content conditions against a schema: checking the claims a condition names,
 * evaluating it for a visitor's claims (prototype safety included), compiling both, and the
 * template catalog. Parsing has its own file (`condition-parse.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import {
  type AdaptiveSchema,
  CONDITION_LIMITS,
  checkCondition,
  compileCondition,
  DEFAULT_ADAPTIVE_SCHEMA,
  evaluateCondition,
  parseCondition,
  templateConditionsOf,
} from '../../src/publishing/conditions';

const schema: AdaptiveSchema = {
  type: 'object',
  properties: {
    isPremium: { type: 'boolean', description: 'Pays for the premium plan' },
    unsigned: {
      type: 'object',
      properties: {
        betaUser: { type: 'boolean', description: 'Joined the beta' },
        legacy: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    isStaff: { type: 'boolean' },
  },
  additionalProperties: false,
};

const parsed = (text: string) => {
  const result = parseCondition(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.ast;
};

const KNOWN =
  'known claims: visitor.claims.isPremium, visitor.claims.isStaff, visitor.claims.unsigned.betaUser, visitor.claims.unsigned.legacy';

describe('checkCondition', () => {
  const cases: Array<[text: string, messages: string[]]> = [
    ['visitor.claims.unsigned.betaUser == true', []],
    ['visitor.claims.isPremium && !visitor.claims.unsigned.legacy', []],
    ['visitor.claims.isStaff != null', []],
    ['visitor.claims.isStaff == visitor.claims.isPremium', []],
    ['true', []],
    ['visitor.claims.unsigned.nope', [`Unknown claim visitor.claims.unsigned.nope: ${KNOWN}`]],
    ['visitor.claims.betaUser', [`Unknown claim visitor.claims.betaUser: ${KNOWN}`]],
    ['visitor.claims.unsigned.isPremium', [`Unknown claim visitor.claims.unsigned.isPremium: ${KNOWN}`]],
    [
      'visitor.claims.unsigned == true',
      ['visitor.claims.unsigned groups the unsigned claims: name one, like visitor.claims.unsigned.<name>'],
    ],
    [
      'visitor.claims.isPremium.level',
      ['visitor.claims.isPremium.level reads below a boolean claim: a boolean has no parts'],
    ],
    [
      'visitor.claims.unsigned.legacy.x',
      ['visitor.claims.unsigned.legacy.x reads below a boolean claim: a boolean has no parts'],
    ],
    [
      'visitor.claims.isPremium == "yes"',
      ['visitor.claims.isPremium is a boolean claim: compare it with true, false or null, not with "yes"'],
    ],
    [
      '1 != visitor.claims.unsigned.betaUser',
      [
        'visitor.claims.unsigned.betaUser is a boolean claim: compare it with true, false or null, not with 1',
      ],
    ],
    [
      'visitor.claims.a || visitor.claims.a || !(visitor.claims.b == 2)',
      [`Unknown claim visitor.claims.a: ${KNOWN}`, `Unknown claim visitor.claims.b: ${KNOWN}`],
    ],
    ['visitor.claims["toString"]', [`Unknown claim visitor.claims.toString: ${KNOWN}`]],
  ];
  it.each(cases)('%s', (text, messages) => {
    expect(checkCondition(parsed(text), schema).map((problem) => problem.message)).toEqual(messages);
  });

  it('names the claim the problem is about', () => {
    expect(checkCondition(parsed('visitor.claims["a b"]'), schema)).toEqual([
      { claim: 'visitor.claims["a b"]', message: `Unknown claim visitor.claims["a b"]: ${KNOWN}` },
    ]);
  });

  it('against the default schema every claim is unknown, and the message says there are none', () => {
    expect(checkCondition(parsed('visitor.claims.unsigned.betaUser'), DEFAULT_ADAPTIVE_SCHEMA)).toEqual([
      {
        claim: 'visitor.claims.unsigned.betaUser',
        message:
          "Unknown claim visitor.claims.unsigned.betaUser: this site's adaptive schema declares no claims",
      },
    ]);
  });

  it('lists at most ten known claims', () => {
    const names = Array.from({ length: 12 }, (_, index) => 'c' + index);
    const wide: AdaptiveSchema = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'boolean' as const }])),
      additionalProperties: false,
    };
    expect(checkCondition(parsed('visitor.claims.x'), wide)[0]?.message).toBe(
      'Unknown claim visitor.claims.x: known claims: ' +
        names
          .slice(0, 10)
          .map((name) => 'visitor.claims.' + name)
          .join(', ') +
        ' and 2 more',
    );
  });
});

describe('evaluateCondition', () => {
  const claims = { isPremium: true, isStaff: false, unsigned: { betaUser: true, legacy: false } };
  const cases: Array<[text: string, claims: unknown, expected: boolean]> = [
    ['visitor.claims.unsigned.betaUser == true', claims, true],
    ['visitor.claims.unsigned.betaUser', claims, true],
    ['visitor.claims.unsigned.legacy', claims, false],
    ['visitor.claims.unsigned.betaUser == true', {}, false],
    ['visitor.claims.unsigned.betaUser', { unsigned: 'yes' }, false],
    ['!visitor.claims.unsigned.betaUser', {}, true],
    ['visitor.claims.isPremium && !visitor.claims.unsigned.legacy', claims, true],
    ['visitor.claims.isPremium && !visitor.claims.unsigned.betaUser', claims, false],
    // && binds tighter than ||: true || (false && false), not (true || false) && false.
    ['visitor.claims.isPremium || visitor.claims.isStaff && visitor.claims.isStaff', claims, true],
    ['(visitor.claims.isPremium || visitor.claims.isStaff) && visitor.claims.isStaff', claims, false],
    ['visitor.claims.isStaff || visitor.claims.unsigned.legacy', claims, false],
    ['visitor.claims.missing == null', claims, true],
    ['visitor.claims.missing != null', claims, false],
    ['visitor.claims.isStaff == null', claims, false],
    ['visitor.claims.isStaff != null', claims, true],
    ['visitor.claims.nothing == null', { nothing: null }, true],
    ['visitor.claims.isStaff == false', claims, true],
    ['visitor.claims.isStaff === false', claims, true],
    ['visitor.claims.isStaff !== false', claims, false],
    // No conversions: 1 is not true, "1" is not 1.
    ['visitor.claims.n == true', { n: 1 }, false],
    ['visitor.claims.s == 1', { s: '1' }, false],
    ['visitor.claims.s == "1"', { s: '1' }, true],
    ['(visitor.claims.a && visitor.claims.b) == true', { a: 'x', b: 2 }, true],
    ['visitor.claims.a', { a: 'x' }, true],
    ['visitor.claims.a', { a: '' }, false],
    ['visitor.claims.a', { a: 0 }, false],
    ['visitor.claims.a', { a: {} }, true],
    ['visitor.claims.unsigned.betaUser', null, false],
    ['visitor.claims.unsigned.betaUser', 'text', false],
    ['visitor.claims.unsigned.betaUser', undefined, false],
    ['visitor.claims.list', { list: [] }, true],
    ['visitor.claims.list.length == 0', { list: [] }, false],
    ['visitor.claims.list["0"]', { list: [true] }, false],
  ];
  it.each(cases)('%s with %j', (text, input, expected) => {
    expect(evaluateCondition(parsed(text), input)).toBe(expected);
  });
});

describe('evaluateCondition never reaches the prototype', () => {
  it('toString, hasOwnProperty and valueOf are missing claims on a plain object', () => {
    for (const name of ['toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      expect(evaluateCondition(parsed(`visitor.claims["${name}"] == null`), {})).toBe(true);
      expect(evaluateCondition(parsed(`visitor.claims.${name}`), {})).toBe(false);
    }
  });

  it('reads own __proto__ and constructor keys of parsed JSON as data only (the parser refuses naming them)', () => {
    const claims = JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": true}}');
    expect(evaluateCondition(parsed('visitor.claims.isAdmin'), claims)).toBe(false);
    expect(parseCondition('visitor.claims.__proto__.isAdmin').ok).toBe(false);
    expect(parseCondition('visitor.claims.constructor').ok).toBe(false);
    expect(parseCondition('visitor.claims["prototype"]').ok).toBe(false);
  });

  it('inherited claims do not count', () => {
    const inherited = Object.create({ isPremium: true });
    expect(evaluateCondition(parsed('visitor.claims.isPremium'), inherited)).toBe(false);
  });

  it('reads objects without a prototype', () => {
    const claims = Object.assign(Object.create(null), {
      unsigned: Object.assign(Object.create(null), { betaUser: true }),
    });
    expect(evaluateCondition(parsed('visitor.claims.unsigned.betaUser == true'), claims)).toBe(true);
    expect(evaluateCondition(parsed('visitor.claims.toString'), Object.create(null))).toBe(false);
  });

  it('never runs a getter, and ignores class instances', () => {
    let called = false;
    const claims = {
      get isPremium() {
        called = true;
        return true;
      },
    };
    expect(evaluateCondition(parsed('visitor.claims.isPremium'), claims)).toBe(false);
    expect(called).toBe(false);
    expect(evaluateCondition(parsed('visitor.claims.size'), new Map([['size', 1]]))).toBe(false);
    expect(
      evaluateCondition(
        parsed('visitor.claims.isPremium'),
        new (class {
          isPremium = true;
        })(),
      ),
    ).toBe(false);
  });
});

describe('compileCondition', () => {
  it('compiles once and tests many visitors', () => {
    const compiled = compileCondition('visitor.claims.isPremium && !visitor.claims.unsigned.legacy', schema);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compiled.test({ isPremium: true })).toBe(true);
    expect(compiled.test({ isPremium: true, unsigned: { legacy: true } })).toBe(false);
    expect(compiled.test({})).toBe(false);
  });

  it('a parse error gives its message and offset', () => {
    expect(compileCondition('visitor.claims.isPremium = true', schema)).toEqual({
      ok: false,
      message: "Unexpected '=' at 25: use == to compare",
      offset: 25,
    });
  });

  it('problems against the schema are joined', () => {
    expect(compileCondition('visitor.claims.x || visitor.claims.isStaff == 2', schema)).toEqual({
      ok: false,
      message:
        `Unknown claim visitor.claims.x: ${KNOWN}; ` +
        'visitor.claims.isStaff is a boolean claim: compare it with true, false or null, not with 2',
    });
  });

  it('refuses the largest inputs at once: deep nesting and too many parts', () => {
    expect(compileCondition('('.repeat(CONDITION_LIMITS.maxLength), schema).ok).toBe(false);
    expect(compileCondition(Array(200).fill('1').join('&&'), schema)).toMatchObject({
      ok: false,
      offset: 382,
    });
  });
});

describe('templateConditionsOf', () => {
  it('offers true and false-or-missing for each claim, then one && example', () => {
    expect(templateConditionsOf(schema)).toEqual([
      {
        description: 'Visitors whose isPremium claim is true',
        condition: 'visitor.claims.isPremium == true',
      },
      {
        description: 'Visitors whose isPremium claim is false or missing',
        condition: '!visitor.claims.isPremium',
      },
      { description: 'Visitors whose isStaff claim is true', condition: 'visitor.claims.isStaff == true' },
      {
        description: 'Visitors whose isStaff claim is false or missing',
        condition: '!visitor.claims.isStaff',
      },
      {
        description: 'Visitors whose betaUser claim (unsigned) is true',
        condition: 'visitor.claims.unsigned.betaUser == true',
      },
      {
        description: 'Visitors whose betaUser claim (unsigned) is false or missing',
        condition: '!visitor.claims.unsigned.betaUser',
      },
      {
        description: 'Visitors whose legacy claim (unsigned) is true',
        condition: 'visitor.claims.unsigned.legacy == true',
      },
      {
        description: 'Visitors whose legacy claim (unsigned) is false or missing',
        condition: '!visitor.claims.unsigned.legacy',
      },
      {
        description: 'Visitors whose isPremium claim and isStaff claim are both true',
        condition: 'visitor.claims.isPremium == true && visitor.claims.isStaff == true',
      },
    ]);
  });

  it('every template compiles against its schema and selects the visitors it describes', () => {
    const templates = templateConditionsOf(schema);
    const visitors = [
      {},
      { isPremium: true },
      { isPremium: true, isStaff: true },
      { unsigned: { betaUser: true, legacy: false } },
    ];
    const selected = templates.map(({ condition }) => {
      const compiled = compileCondition(condition, schema);
      if (!compiled.ok) throw new Error(compiled.message);
      return visitors.map((claims) => compiled.test(claims));
    });
    expect(selected).toEqual([
      [false, true, true, false],
      [true, false, false, true],
      [false, false, true, false],
      [true, true, false, true],
      [false, false, false, true],
      [true, true, true, false],
      [false, false, false, false],
      [true, true, true, true],
      [false, false, true, false],
    ]);
  });

  it('one claim: no && example; the default schema: no templates', () => {
    const single: AdaptiveSchema = {
      type: 'object',
      properties: {
        unsigned: { type: 'object', properties: { beta: { type: 'boolean' } }, additionalProperties: false },
      },
      additionalProperties: false,
    };
    expect(templateConditionsOf(single).map((template) => template.condition)).toEqual([
      'visitor.claims.unsigned.beta == true',
      '!visitor.claims.unsigned.beta',
    ]);
    expect(templateConditionsOf(DEFAULT_ADAPTIVE_SCHEMA)).toEqual([]);
  });
});
