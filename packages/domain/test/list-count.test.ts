/**
 * A list's count from its page (`countOfList`): a first page with no next one holds every
 * item, so the count query is not run; any other page asks it.
 */
import { describe, expect, it } from 'vitest';
import { countOfList, type Slice } from '../src/core/paging';

const sliceOf = (items: string[], next?: Slice<string>['next']): Slice<string> => ({
  items,
  cursors: items.map((id) => ({ id, values: [] })),
  ...(next ? { next } : {}),
});

describe('countOfList', () => {
  it('counts a whole first page itself, without the count query', () => {
    const count = () => Promise.reject(new Error('not asked'));
    expect(countOfList(sliceOf(['a', 'b']), { limit: 100 }, count)).toBe(2);
    expect(countOfList(sliceOf([]), { limit: 100 }, count)).toBe(0);
  });

  it('asks the count when more items follow, or when the page is not the first', async () => {
    const count = () => Promise.resolve(250);
    expect(await countOfList(sliceOf(['a'], { id: 'a', values: [] }), { limit: 1 }, count)).toBe(250);
    expect(await countOfList(sliceOf(['b']), { limit: 100, after: { id: 'a', values: [] } }, count)).toBe(
      250,
    );
  });
});
