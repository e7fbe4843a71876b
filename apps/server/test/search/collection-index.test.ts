/** The index of many spaces: brought up to the revisions asked for, hits from those only. */
import type { SearchDocument, SearchedRevision } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../src/search/collection-index';

const page = (pageId: string, text: string): SearchDocument => ({
  pageId,
  title: `Page ${pageId}`,
  path: pageId,
  sections: [{ id: pageId, title: `Page ${pageId}`, path: pageId, text, leading: true }],
});

/** A revision of space `key` holding `pages`, counting how often it is read. */
function revisionOf(key: string, revisionId: string, pages: SearchDocument[]) {
  const reads = { count: 0 };
  const revision: SearchedRevision = {
    key,
    revisionId,
    documents: async () => {
      reads.count++;
      return pages;
    },
  };
  return { revision, reads };
}

const pageIdsOf = (hits: Awaited<ReturnType<CollectionIndex['find']>>) =>
  Object.fromEntries([...hits].map(([key, found]) => [key, found.ranked.map((hit) => hit.pageId).sort()]));

describe('CollectionIndex', () => {
  it("replaces a space's pages when its revision changes, and reads an unchanged one once", async () => {
    const index = new CollectionIndex();
    const a1 = revisionOf('a', 'r1', [page('p1', 'install the turbine')]);
    const b1 = revisionOf('b', 'r1', [page('q1', 'install the boiler')]);
    expect(pageIdsOf(await index.find([a1.revision, b1.revision], 'install'))).toEqual({
      a: ['p1'],
      b: ['q1'],
    });

    const a2 = revisionOf('a', 'r2', [page('p1', 'calibrate the turbine'), page('p2', 'install the pump')]);
    expect(pageIdsOf(await index.find([a2.revision, b1.revision], 'install'))).toEqual({
      a: ['p2'],
      b: ['q1'],
    });
    expect(pageIdsOf(await index.find([a2.revision, b1.revision], 'turbine'))).toEqual({ a: ['p1'] });
    expect([a1.reads.count, a2.reads.count, b1.reads.count]).toEqual([1, 1, 1]);
    expect(index.size).toBe(3);
  });

  it('answers from the revisions asked for only, whatever else it holds', async () => {
    const index = new CollectionIndex();
    const a = revisionOf('a', 'r1', [page('p1', 'shared secret word')]);
    const b = revisionOf('b', 'r1', [page('q1', 'shared secret word')]);
    await index.find([a.revision, b.revision], 'secret');
    // A caller who cannot see space b, or b deleted: its pages stay indexed, never returned.
    expect(pageIdsOf(await index.find([a.revision], 'secret'))).toEqual({ a: ['p1'] });
    expect(pageIdsOf(await index.find([], 'secret'))).toEqual({});
  });

  it('adds a changed space once when searches race', async () => {
    const index = new CollectionIndex();
    const a = revisionOf('a', 'r1', [page('p1', 'racing words')]);
    const found = await Promise.all(Array.from({ length: 5 }, () => index.find([a.revision], 'racing')));
    for (const hits of found) expect(pageIdsOf(hits)).toEqual({ a: ['p1'] });
    expect(a.reads.count).toBe(1);
    expect(index.size).toBe(1);
  });

  it('keeps what it held when reading a revision fails, and the next search goes on', async () => {
    const index = new CollectionIndex();
    const a1 = revisionOf('a', 'r1', [page('p1', 'first words')]);
    await index.find([a1.revision], 'first');
    const failing: SearchedRevision = {
      key: 'a',
      revisionId: 'r2',
      documents: async () => Promise.reject(new Error('store down')),
    };
    await expect(index.find([failing], 'first')).rejects.toThrow('store down');
    expect(pageIdsOf(await index.find([a1.revision], 'first'))).toEqual({ a: ['p1'] });
    expect(a1.reads.count).toBe(1);
  });

  it('scores spaces on one scale: the page holding the word in its title ranks above a body match elsewhere', async () => {
    const index = new CollectionIndex();
    const a = revisionOf('a', 'r1', [
      page('p1', 'a long text that mentions gears once among many other words'),
    ]);
    const titled: SearchDocument = { ...page('q1', 'other text'), title: 'Gears' };
    const b = revisionOf('b', 'r1', [titled]);
    const hits = await index.find([a.revision, b.revision], 'gears');
    expect(hits.get('b')?.ranked[0]?.score).toBeGreaterThan(hits.get('a')?.ranked[0]?.score ?? Infinity);
  });
});
