/**
 * The three-way merge of a space's variables (`merge-variables.ts`): each rule as rows of a
 * table, read the same whichever side is "ours" (a change request merged into its space has
 * the space as ours, one updated from it has itself), and a property over random edits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeVariables } from '../../src/content/reusable-contents/merge-variables';
import { MAX_VARIABLES, patchedVariables } from '../../src/content/reusable-contents/variables';

type Values = Record<string, string | number | boolean>;

const many = (prefix: string, count: number): Values =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));

const rows: { rule: string; base: Values; ours: Values; theirs: Values; expected: unknown }[] = [
  { rule: '1: only ours edited', base: { a: 1 }, ours: { a: 2 }, theirs: { a: 1 }, expected: { a: 2 } },
  { rule: '1: only theirs edited', base: { a: 1 }, ours: { a: 1 }, theirs: { a: 3 }, expected: { a: 3 } },
  { rule: '1: only ours added', base: {}, ours: { a: 1 }, theirs: {}, expected: { a: 1 } },
  {
    rule: '1: only theirs removed',
    base: { a: 1, b: 1 },
    ours: { a: 1, b: 1 },
    theirs: { b: 1 },
    expected: { b: 1 },
  },
  {
    rule: '1: different variables on each side',
    base: { a: 1, b: 1 },
    ours: { a: 2, b: 1 },
    theirs: { a: 1, b: 3, c: true },
    expected: { a: 2, b: 3, c: true },
  },
  {
    rule: '2: both edited alike',
    base: { a: 1 },
    ours: { a: '2' },
    theirs: { a: '2' },
    expected: { a: '2' },
  },
  { rule: '2: both added alike', base: {}, ours: { a: 1 }, theirs: { a: 1 }, expected: { a: 1 } },
  { rule: '2: both removed', base: { a: 1 }, ours: {}, theirs: {}, expected: {} },
  {
    rule: '3: both edited differently',
    base: { edition: '1', other: 1 },
    ours: { edition: '2', other: 1 },
    theirs: { edition: '3', other: 2 },
    expected: { conflicts: [{ pageId: 'edition', field: 'spaceVariable', reason: 'edited-both' }] },
  },
  {
    rule: '3: a string and a number that read alike',
    base: { a: 1 },
    ours: { a: '2' },
    theirs: { a: 2 },
    expected: { conflicts: [{ pageId: 'a', field: 'spaceVariable', reason: 'edited-both' }] },
  },
  {
    rule: '3: both added differently',
    base: {},
    ours: { a: 1 },
    theirs: { a: 2 },
    expected: { conflicts: [{ pageId: 'a', field: 'spaceVariable', reason: 'added-both' }] },
  },
  {
    rule: '3: removed on one side, edited on the other',
    base: { a: 1, b: 1 },
    ours: { b: 2 },
    theirs: { a: 2 },
    expected: {
      conflicts: [
        { pageId: 'a', field: 'spaceVariable', reason: 'deleted-and-edited' },
        { pageId: 'b', field: 'spaceVariable', reason: 'deleted-and-edited' },
      ],
    },
  },
  {
    rule: '4: two sides adding 60 each',
    base: {},
    ours: many('a', 60),
    theirs: many('b', 60),
    expected: { count: 120 },
  },
  {
    rule: `4: exactly the bound (${MAX_VARIABLES}) merges`,
    base: {},
    ours: many('a', MAX_VARIABLES / 2),
    theirs: many('b', MAX_VARIABLES / 2),
    expected: { ...many('a', MAX_VARIABLES / 2), ...many('b', MAX_VARIABLES / 2) },
  },
];

/** A row's expectation as the merge answers it. */
const outcome = (expected: unknown) => {
  if (typeof expected === 'object' && expected !== null && 'conflicts' in expected)
    return { result: 'conflicts', ...expected };
  if (typeof expected === 'object' && expected !== null && 'count' in expected)
    return { result: 'too-many', ...expected };
  return { result: 'merged', variables: expected };
};

describe('mergeVariables', () => {
  it.each(rows)('rule $rule', ({ base, ours, theirs, expected }) => {
    expect(mergeVariables(base, ours, theirs)).toEqual(outcome(expected));
    // One rule whichever side is ours: swapping the sides answers the same.
    expect(mergeVariables(base, theirs, ours)).toEqual(outcome(expected));
  });

  it('answers names in order, so one set of variables has one address', () => {
    const merged = mergeVariables({}, { z: 1, b: 1 }, { a: 1 });
    expect(merged.result === 'merged' && Object.keys(merged.variables)).toEqual(['a', 'b', 'z']);
  });
});

describe('mergeVariables over random edits', () => {
  const name = fc.constantFrom('a', 'b', 'c', 'd', 'e');
  const value = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -2, max: 2 }), fc.boolean());
  const values = fc.dictionary(name, value);
  const patch = fc.dictionary(name, fc.option(value, { nil: null }));

  it('keeps every change of either side, and names every variable the two changed differently', () => {
    fc.assert(
      fc.property(values, patch, patch, (base, oursPatch, theirsPatch) => {
        const ours = patchedVariables(base, oursPatch);
        const theirs = patchedVariables(base, theirsPatch);
        const names = new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)]);
        const clashing = [...names].filter(
          (key) => ours[key] !== base[key] && theirs[key] !== base[key] && ours[key] !== theirs[key],
        );
        const merged = mergeVariables(base, ours, theirs);
        if (clashing.length > 0) {
          expect(merged.result === 'conflicts' && merged.conflicts.map((c) => c.pageId)).toEqual(
            clashing.sort(),
          );
          return;
        }
        if (merged.result !== 'merged') throw new Error(`expected a merge, got ${merged.result}`);
        for (const key of names) {
          expect(merged.variables[key]).toBe(theirs[key] !== base[key] ? theirs[key] : ours[key]);
        }
        // Merging with no change on one side is the other side.
        expect(mergeVariables(base, base, theirs)).toEqual({ result: 'merged', variables: theirs });
        expect(mergeVariables(base, ours, base)).toEqual({ result: 'merged', variables: ours });
      }),
    );
  });
});
