/** `admitConditionView`: a scope keeps the indexes of at most `MAX_CONDITION_VIEWS` sets of conditions. */
import { describe, expect, it } from 'vitest';
import { admitConditionView, MAX_CONDITION_VIEWS } from '../../src/search/condition-views';
import type { ContentSearch } from '../../src/search/content-search';

const watching = () => {
  const forgotten: string[] = [];
  const contentSearch = { forget: (key: string) => forgotten.push(key) } as unknown as ContentSearch;
  return { services: { contentSearch }, forgotten };
};

describe('admitConditionView', () => {
  it('forgets the least recently searched view of a scope past the bound, and only of that scope', () => {
    const { services, forgotten } = watching();
    for (let i = 0; i < MAX_CONDITION_VIEWS; i++) admitConditionView(services, 'scope-a', `a${i}`);
    admitConditionView(services, 'scope-b', 'b0');
    expect(forgotten).toEqual([]);
    // a0 searched again: a1 is now the least recently searched.
    admitConditionView(services, 'scope-a', 'a0');
    admitConditionView(services, 'scope-a', 'a-new');
    expect(forgotten).toEqual(['a1']);
    admitConditionView(services, 'scope-a', 'a1');
    expect(forgotten).toEqual(['a1', 'a2']);
  });
});
