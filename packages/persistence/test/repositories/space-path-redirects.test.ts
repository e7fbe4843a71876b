/**
 * The space path redirect repository on the embedded engine: one record per old path (a new
 * one replaces it, whatever its origin), the paths looked up, deleted, an origin replaced, and
 * the cap: the oldest records of an origin go first, the other origin untouched.
 */
import type { SpacePathRedirectRecord } from '@quire/domain';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { describe, expect, it } from 'vitest';
import { MongoSpacePathRedirectRepository } from '../../src/repositories/content/space-path-redirect-repository';

const record = (
  path: string,
  pageId: string,
  origin: 'moved' | 'git' = 'moved',
  at = '2030-01-01T00:00:00.000Z',
  spaceId = 's1',
): SpacePathRedirectRecord => ({ spaceId, organizationId: 'o1', path, pageId, origin, at });

const repository = () =>
  new MongoSpacePathRedirectRepository(new EmbeddedDatabase(new Map(), new MemoryJournal()));

describe('space path redirects', () => {
  it('hold one record per old path of a space, replaced by the newest', async () => {
    const repo = repository();
    await repo.put([
      record('a', 'p1'),
      record('b', 'p2'),
      record('a', 'p3', 'git'),
      record('a', 'p9', 'moved', undefined, 's2'),
    ]);
    const found = await repo.findByPaths('s1', ['a', 'b', 'c']);
    expect(found.map(({ path, pageId, origin }) => `${path}:${pageId}:${origin}`).sort()).toEqual([
      'a:p3:git',
      'b:p2:moved',
    ]);
    // A path holding query operators is a value.
    expect(await repo.findByPaths('s1', ['{"$ne":null}'])).toEqual([]);
    await repo.deletePaths('s1', ['a']);
    expect((await repo.findByPaths('s1', ['a', 'b'])).map(({ path }) => path)).toEqual(['b']);
    expect((await repo.findByPaths('s2', ['a'])).map(({ pageId }) => pageId)).toEqual(['p9']);
  });

  it('keep one record of a path when two writes of it race', async () => {
    const repo = repository();
    await Promise.all([
      repo.put([record('a', 'p1'), record('b', 'p1')]),
      repo.put([record('a', 'p2')]),
      repo.put([record('a', 'p3'), record('a', 'p4')]),
    ]);
    const found = await repo.findByPaths('s1', ['a', 'b']);
    expect(found.filter(({ path }) => path === 'a')).toHaveLength(1);
    expect(found.map(({ path }) => path).sort()).toEqual(['a', 'b']);
  });

  it('replace an origin as a whole, and keep the newest records of an origin past the cap', async () => {
    const repo = repository();
    const at = (n: number) => `2030-01-01T00:00:0${n}.000Z`;
    await repo.put([
      record('m1', 'p', 'moved', at(1)),
      record('m2', 'p', 'moved', at(2)),
      record('m3', 'p', 'moved', at(3)),
      record('g1', 'p', 'git', at(0)),
    ]);
    await repo.trim('s1', 'moved', 2);
    const paths = async () =>
      (await repo.findByPaths('s1', ['m1', 'm2', 'm3', 'g1', 'g2'])).map(({ path }) => path).sort();
    expect(await paths()).toEqual(['g1', 'm2', 'm3']);
    await repo.deleteOrigin('s1', 'git');
    await repo.put([record('g2', 'p', 'git')]);
    expect(await paths()).toEqual(['g2', 'm2', 'm3']);
  });
});
