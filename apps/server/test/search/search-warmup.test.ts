/**
 * The background build: a content write publishes `space.content`, and the warm-up builds
 * the new revision's index before anyone searches; a build that fails is logged, not thrown.
 */
import { type ContentSearch, operations, type SearchDocument, type SearchedRevision } from '@quire/domain';
import { InProcessEventBus } from '@quire/persistence';
import { beforeAll, expect, it } from 'vitest';
import { MiniSearchContentSearch } from '../../src/search/mini-search-content-search';
import { startSearchWarmup } from '../../src/search/search-warmup';
import { createOrganization } from '../support/factories';
import { openTestDomain, operationCaller, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

/** A search that reports each warm-up it is asked for, and how many indexes it built. */
class WatchedSearch implements ContentSearch {
  readonly inner = new MiniSearchContentSearch();
  builds = 0;
  private readonly warmed: Array<(revisionId: string) => void> = [];

  nextWarmUp(): Promise<string> {
    return new Promise((resolve) => this.warmed.push(resolve));
  }

  search(revisionId: string, documents: () => Promise<SearchDocument[]>, query: string) {
    return this.inner.search(revisionId, this.counting(documents), query);
  }

  searchMany(collection: string, revisions: readonly SearchedRevision[], query: string) {
    return this.inner.searchMany(collection, revisions, query);
  }

  async warm(revisionId: string, documents: () => Promise<SearchDocument[]>) {
    await this.inner.warm(revisionId, this.counting(documents));
    this.warmed.shift()?.(revisionId);
  }

  forget(key: string) {
    this.inner.forget(key);
  }

  private counting(documents: () => Promise<SearchDocument[]>) {
    return () => {
      this.builds++;
      return documents();
    };
  }
}

it('builds the index of the new revision when the content changes', async () => {
  const search = new WatchedSearch();
  const bus = new InProcessEventBus(() => {});
  const services = { ...quire.services, events: bus, contentSearch: search };
  const stop = startSearchWarmup(services, { warn: () => {} });
  const call = operationCaller(services);
  const org = await createOrganization(quire);
  const space = await call(operations.spaces.create, org.admin, {
    organizationId: org.organization.id,
    title: 'S',
  });

  const warmed = search.nextWarmUp();
  const edited = await call(operations.spaces.content.update, org.admin, {
    spaceId: space.id,
    changes: [{ operation: 'insert_page', title: 'Warm page', document: { markdown: 'Kept warm.\n' } }],
  });
  expect(await warmed).toBe(edited.revision);
  expect(search.builds).toBe(1);
  const found = await call(operations.spaces.search, org.admin, { spaceId: space.id, query: 'warm' });
  expect(found.items.map((item) => item.title)).toEqual(['Warm page']);
  // The search found the index the warm-up built.
  expect(search.builds).toBe(1);
  stop();
});

it('logs a build that fails and throws nothing', async () => {
  const failing: ContentSearch = {
    search: async () => ({
      ranked: [],
      page: () => {
        throw new Error('no hits');
      },
    }),
    searchMany: async () => new Map(),
    warm: async () => Promise.reject(new Error('store down')),
    forget: () => {},
  };
  const bus = new InProcessEventBus(() => {});
  const warned = new Promise<Record<string, unknown>>((resolve) => {
    startSearchWarmup(
      { ...quire.services, events: bus, contentSearch: failing },
      { warn: (fields) => resolve(fields) },
    );
  });
  await bus.publish({
    id: 'e1',
    type: 'space.content',
    at: new Date(0).toISOString(),
    actorId: null,
    organizationId: 'o1',
    spaceId: 's1',
    revisionId: 'r1',
  });
  expect(await warned).toMatchObject({ spaceId: 's1', revisionId: 'r1' });
});

it('builds one revision of a space at a time, then only the newest of those that came meanwhile', async () => {
  const warmed: string[] = [];
  let release!: () => void;
  const firstBuild = new Promise<void>((resolve) => {
    release = resolve;
  });
  let allDone!: () => void;
  const done = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  let otherSpaceWarmed!: () => void;
  const otherSpace = new Promise<void>((resolve) => {
    otherSpaceWarmed = resolve;
  });
  const slow: ContentSearch = {
    search: async () => ({ ranked: [], page: () => ({}) as never }),
    searchMany: async () => new Map(),
    forget: () => {},
    warm: async (revisionId) => {
      warmed.push(revisionId);
      if (revisionId === 'r1') await firstBuild;
      if (revisionId === 'r5') allDone();
      if (revisionId === 'x1') otherSpaceWarmed();
    },
  };
  const bus = new InProcessEventBus(() => {});
  const stop = startSearchWarmup({ ...quire.services, events: bus, contentSearch: slow }, { warn: () => {} });
  const publish = (spaceId: string, revisionId: string) =>
    bus.publish({
      id: `${spaceId}-${revisionId}`,
      type: 'space.content',
      at: new Date(0).toISOString(),
      actorId: null,
      organizationId: 'o1',
      spaceId,
      revisionId,
    });
  await publish('s1', 'r1');
  for (const revisionId of ['r2', 'r3', 'r4', 'r5']) await publish('s1', revisionId);
  // Another space is not held up by the first one's build.
  await publish('s2', 'x1');
  await otherSpace;
  expect(warmed).toEqual(['r1', 'x1']);
  release();
  await done;
  expect(warmed).toEqual(['r1', 'x1', 'r5']);
  stop();
});
