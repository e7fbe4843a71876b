/** The cache of search indexes: bounded, least recently used out first, one build per revision. */
import { describe, expect, it } from 'vitest';
import { MiniSearchContentSearch } from '../../src/search/mini-search-content-search';
import { RevisionIndexCache } from '../../src/search/revision-index-cache';

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const byLength = (value: string) => value.length;

describe('RevisionIndexCache', () => {
  it('keeps at most maxEntries revisions, the least recently used going first', async () => {
    const cache = new RevisionIndexCache<string>({ maxEntries: 2, maxWeight: 1000 }, byLength);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'not built again');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('c')).toBe(true);
  });

  it('keeps at most maxWeight in all, but always the latest', async () => {
    const cache = new RevisionIndexCache<string>({ maxEntries: 10, maxWeight: 5 }, byLength);
    await cache.get('a', async () => 'xx');
    await cache.get('b', async () => 'xx');
    expect(cache.size).toBe(2);
    await cache.get('c', async () => 'xx');
    expect(cache.has('a')).toBe(false);
    expect([cache.has('b'), cache.has('c')]).toEqual([true, true]);
    await cache.get('huge', async () => 'x'.repeat(50));
    expect(cache.size).toBe(1);
    expect(cache.has('huge')).toBe(true);
  });

  it('builds a revision once for callers asking at the same time', async () => {
    const cache = new RevisionIndexCache<string>({ maxEntries: 4, maxWeight: 1000 }, byLength);
    const build = deferred<string>();
    let builds = 0;
    const builder = () => {
      builds++;
      return build.promise;
    };
    const waiting = Array.from({ length: 10 }, () => cache.get('r', builder));
    build.resolve('index');
    expect(await Promise.all(waiting)).toEqual(Array(10).fill('index'));
    expect(builds).toBe(1);
  });

  it('drops a failed build, so the next caller builds again', async () => {
    const cache = new RevisionIndexCache<string>({ maxEntries: 4, maxWeight: 1000 }, byLength);
    await expect(cache.get('r', async () => Promise.reject(new Error('store down')))).rejects.toThrow(
      'store down',
    );
    expect(cache.has('r')).toBe(false);
    expect(await cache.get('r', async () => 'index')).toBe('index');
  });
});

describe('MiniSearchContentSearch', () => {
  const documents = async () => [
    {
      pageId: 'p1',
      title: 'Installation',
      path: 'installation',
      sections: [{ id: 'p1', title: 'Installation', path: 'installation', text: 'Steps.', leading: true }],
    },
  ];

  it('indexes a revision once under concurrent searches and warm-ups', async () => {
    const search = new MiniSearchContentSearch({ maxEntries: 2, maxWeight: 1000 });
    let builds = 0;
    const counted = () => {
      builds++;
      return documents();
    };
    const results = await Promise.all([
      search.warm('r1', counted),
      search.search('r1', counted, 'install'),
      search.search('r1', counted, 'steps'),
    ]);
    expect(builds).toBe(1);
    const [, install, steps] = results;
    expect(install?.ranked.map((hit) => hit.pageId)).toEqual(['p1']);
    expect(steps?.ranked.map((hit) => hit.pageId)).toEqual(['p1']);
  });

  it('keeps no more revisions than its bound', async () => {
    const search = new MiniSearchContentSearch({ maxEntries: 2, maxWeight: 1000 });
    for (const revision of ['r1', 'r2', 'r3', 'r4']) await search.search(revision, documents, 'steps');
    expect(search.kept).toBe(2);
  });
});
