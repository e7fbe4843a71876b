/**
 * The URL lookup's compiled input check (`isPlainLookupInput`, the operation's `inputAsIs`)
 * takes an input as it is only when the schema accepts it and makes the same of it: random
 * inputs near the schema's edges (lengths at the bounds, wrong types, unknown keys, claims
 * nested too deep or too many, forbidden keys) are checked against zod itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPlainLookupInput,
  ResolvePublishedUrlInputSchema,
} from '../../src/publishing/operations/lookup/published-content-lookup-schema';

/** Mostly valid, sometimes wrong: each field valid most of the time, so that some inputs are valid whole. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, wrong: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: wrong });
const rarely = <T>(arbitrary: fc.Arbitrary<T>) => mostly(fc.constant(undefined), arbitrary);
const text = (min: number, max: number) =>
  mostly(
    fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(max, 30) }),
    fc.constantFrom('', 'x'.repeat(max), 'x'.repeat(max + 1)),
  );
const claim: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 4 }),
    fc.boolean(),
    fc.integer(),
    rarely(fc.constantFrom('y'.repeat(1025), null, Number.NaN, Number.POSITIVE_INFINITY)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      mostly(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('__proto__', 'constructor', 'k'.repeat(129))),
      tie('value'),
      { maxKeys: 3 },
    ),
  ),
})).value;
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const withoutUndefined = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
const visitor = mostly(
  fc
    .record({
      type: maybe(mostly(fc.constantFrom('human', 'agent'), fc.constantFrom('robot', 1))),
      jwtToken: maybe(text(1, 8192)),
      unsignedClaims: maybe(
        mostly(
          fc.dictionary(fc.constantFrom('a', 'b', 'plan'), claim, { maxKeys: 3 }),
          fc.oneof(claim, fc.array(fc.boolean()), fc.constant({ a: Array(201).fill(true) })),
        ),
      ),
      extra: rarely(fc.constant('unknown key')),
    })
    .map(withoutUndefined),
  fc.constantFrom(null, 'visitor', [1]),
);
const input = mostly(
  fc
    .record({
      url: mostly(text(1, 2048), fc.constant(7)),
      redirectOnError: maybe(mostly(fc.boolean(), fc.constant('yes'))),
      visitor: maybe(visitor),
      cacheBust: maybe(text(0, 64)),
      other: rarely(fc.constant(1)),
    })
    .map(withoutUndefined),
  fc.constantFrom(null, 'url', [], 42),
);

describe("the URL lookup's compiled input check", () => {
  it('takes an input as it is only when the schema accepts it and makes the same of it', () => {
    let taken = 0;
    fc.assert(
      fc.property(input, (raw) => {
        if (!isPlainLookupInput(raw)) return;
        taken++;
        const parsed = ResolvePublishedUrlInputSchema.safeParse(raw);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(raw);
      }),
      { numRuns: 1000 },
    );
    // Valid inputs are common enough that the property says something (about 40% are taken).
    expect(taken).toBeGreaterThan(200);
  });

  it("takes a renderer's usual lookups as they are", () => {
    const url = 'https://docs.example.com/~sites/org/site/section/page';
    expect(isPlainLookupInput({ url })).toBe(true);
    expect(isPlainLookupInput({ url, visitor: { unsignedClaims: { beta: true, groups: ['a'] } } })).toBe(
      true,
    );
    expect(
      isPlainLookupInput({ url, redirectOnError: true, cacheBust: 'x', visitor: { jwtToken: 't' } }),
    ).toBe(true);
    expect(isPlainLookupInput({ url, visitor: { unsignedClaims: JSON.parse('{"__proto__": 1}') } })).toBe(
      false,
    );
    expect(isPlainLookupInput({ url, extra: 1 })).toBe(false);
  });
});
