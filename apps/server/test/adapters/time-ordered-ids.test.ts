/**
 * The server's ids sort by creation: lists that page "by id" list in creation order, even
 * for records made within one millisecond (a store in memory makes many), and the ids stay
 * unguessable.
 */
import { describe, expect, it } from 'vitest';
import { TimeOrderedIds } from '../../src/adapters/time-ordered-ids';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62Value = (digits: string) =>
  [...digits].reduce((sum, digit) => sum * 62n + BigInt(BASE62.indexOf(digit)), 0n);

describe('TimeOrderedIds', () => {
  it('sort in the order they were made, within one millisecond too', () => {
    const ids = new TimeOrderedIds();
    const made = Array.from({ length: 2000 }, () => ids.newId());
    const outOfOrder = made.findIndex((id, i) => i > 0 && id <= made[i - 1]!);
    expect(outOfOrder, `${made[outOfOrder - 1]} then ${made[outOfOrder]}`).toBe(-1);
  });

  it('are 20 base-62 characters, the first 8 the time; within a millisecond the tail moves by random steps', () => {
    const ids = new TimeOrderedIds();
    const made = Array.from({ length: 2000 }, () => ids.newId());
    for (const id of made) expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(base62Value(made[0]!.slice(0, 8))).toBeGreaterThanOrEqual(BigInt(Date.now() - 60_000));
    const steps = made.flatMap((id, i) => {
      const before = made[i - 1];
      return before && before.slice(0, 8) === id.slice(0, 8)
        ? [base62Value(id.slice(8)) - base62Value(before.slice(8))]
        : [];
    });
    expect(steps.length).toBeGreaterThan(1);
    expect(new Set(steps).size).toBeGreaterThan(1);
  });
});
