/**
 * `admitConditionView`: a scope keeps the indexes of at most `MAX_CONDITION_VIEWS` sets of
 * conditions, and builds at most `MAX_CONDITION_VIEW_BUILDS` sets not kept a minute.
 */
import { describe, expect, it } from 'vitest';
import {
  admitConditionView,
  BUILD_WINDOW_MS,
  MAX_CONDITION_VIEW_BUILDS,
  MAX_CONDITION_VIEWS,
} from '../../src/search/condition-views';
import type { ContentSearch } from '../../src/search/content-search';

const watching = () => {
  const forgotten: string[] = [];
  const contentSearch = { forget: (key: string) => forgotten.push(key) } as unknown as ContentSearch;
  let now = Date.parse('2026-12-01T00:00:00Z');
  const clock = { now: () => new Date(now) };
  return { services: { contentSearch, clock }, forgotten, advance: (ms: number) => (now += ms) };
};

describe('admitConditionView', () => {
  it('forgets the least recently searched view of a scope past the bound, and only of that scope', () => {
    const { services, forgotten, advance } = watching();
    for (let i = 0; i < MAX_CONDITION_VIEWS; i++) admitConditionView(services, 'scope-a', `a${i}`);
    admitConditionView(services, 'scope-b', 'b0');
    expect(forgotten).toEqual([]);
    // A minute on: the scope may build again.
    advance(BUILD_WINDOW_MS);
    // a0 searched again: a1 is now the least recently searched.
    admitConditionView(services, 'scope-a', 'a0');
    admitConditionView(services, 'scope-a', 'a-new');
    expect(forgotten).toEqual(['a1']);
    admitConditionView(services, 'scope-a', 'a1');
    expect(forgotten).toEqual(['a1', 'a2']);
  });

  it("refuses a build past the minute's bound (rate_limited, the seconds to wait), nothing forgotten, kept views still admitted", () => {
    const { services, forgotten, advance } = watching();
    for (let i = 0; i < MAX_CONDITION_VIEW_BUILDS; i++) {
      admitConditionView(services, 'scope', `k${i}`);
      advance(1_000);
    }
    let refused: unknown;
    try {
      admitConditionView(services, 'scope', 'k-new');
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: 52 } });
    expect(forgotten).toEqual([]);
    // Kept ones are searched as ever; another scope builds its own.
    admitConditionView(services, 'scope', 'k3');
    admitConditionView(services, 'other-scope', 'x');
    // The oldest build a minute old: one more build may be made.
    advance(52_000);
    admitConditionView(services, 'scope', 'k-new');
    expect(() => admitConditionView(services, 'scope', 'k-newer')).toThrow(/retry later/);
  });
});
