/**
 * The head of a space made before content existed (its record names no revision): reads
 * answer its first, empty revision without touching the store's writes; the first write
 * stores that same revision and points the space at it, and of two writes doing it at once
 * the loser reads the winner's.
 */
import { describe, expect, it } from 'vitest';
import { findRevision, unwrittenFirstRevision } from '../../src/content/revisions/first-revision';
import { pageIndexOf } from '../../src/content/revisions/page-index';
import type { ContentObject, RevisionRecord } from '../../src/content/revisions/records';
import { filesOf } from '../../src/content/revisions/revision-content';
import { spaceHead, storedSpaceHead } from '../../src/content/revisions/revision-writer';
import type { SpaceRecord } from '../../src/content/spaces/records';
import type { DomainServices } from '../../src/core/context';

const OLD_SPACE = { id: 'old-space', organizationId: 'org', createdAt: '2020-01-01T00:00:00.000Z' };

/** Repositories holding `spaces` and whatever is written, with every write counted. */
function repositories(spaces: Array<Pick<SpaceRecord, 'id' | 'revisionId'>>) {
  const writes: string[] = [];
  const revisions = new Map<string, RevisionRecord>();
  const objects = new Map<string, ContentObject>();
  const pointers = new Map(spaces.map((space) => [space.id, space.revisionId]));
  const repos = {
    revisions: {
      async insert(revision: RevisionRecord) {
        writes.push(`revision ${revision.id}`);
        if (!revisions.has(revision.id)) revisions.set(revision.id, revision);
      },
      findById: async (spaceId: string, id: string) =>
        revisions.get(id)?.spaceId === spaceId ? (revisions.get(id) ?? null) : null,
    },
    contentObjects: {
      async putMany(put: ReadonlyMap<string, ContentObject>) {
        writes.push(`objects ${put.size}`);
        for (const [address, object] of put) objects.set(address, object);
      },
      getMany: async (addresses: readonly string[]) =>
        new Map(
          addresses.flatMap((address) => (objects.has(address) ? [[address, objects.get(address)]] : [])),
        ),
    },
    spaces: {
      async moveRevision(id: string, from: string | undefined, to: string) {
        writes.push(`move ${id} to ${to}`);
        if (pointers.get(id) !== from) return false;
        pointers.set(id, to);
        return true;
      },
      findById: async (id: string) => ({ ...OLD_SPACE, id, revisionId: pointers.get(id) }),
    },
  };
  return { services: { repos } as unknown as Pick<DomainServices, 'repos'>, writes, revisions, pointers };
}

describe('the head of a space made before content existed', () => {
  it('is read as its first, empty revision, writing nothing', async () => {
    const store = repositories([OLD_SPACE]);
    const head = await spaceHead(store.services, OLD_SPACE);
    expect(head).toEqual({
      id: OLD_SPACE.id,
      spaceId: OLD_SPACE.id,
      organizationId: 'org',
      parents: [],
      depth: 0,
      tree: expect.any(String),
      files: expect.any(String),
      kind: 'initial',
      createdBy: '',
      createdAt: OLD_SPACE.createdAt,
    });
    expect((await pageIndexOf(store.services, head.tree)).pages.size).toBe(0);
    expect(await filesOf(store.services, head)).toEqual([]);
    expect(await findRevision(store.services, OLD_SPACE, OLD_SPACE.id)).toEqual(head);
    expect(await findRevision(store.services, OLD_SPACE, 'another')).toBeNull();
    expect(store.writes).toEqual([]);
  });

  it('is stored by the first write as reads answered it, and the space points at it', async () => {
    const store = repositories([OLD_SPACE]);
    const head = await storedSpaceHead(store.services, OLD_SPACE);
    expect(head).toEqual(unwrittenFirstRevision(OLD_SPACE));
    expect(store.revisions.get(OLD_SPACE.id)).toEqual(head);
    expect(store.pointers.get(OLD_SPACE.id)).toBe(OLD_SPACE.id);
    // Its objects are stored with it: a revision made from it finds them.
    expect((await pageIndexOf(store.services, head.tree)).pages.size).toBe(0);
    const pointed = { ...OLD_SPACE, revisionId: OLD_SPACE.id };
    store.writes.length = 0;
    expect(await storedSpaceHead(store.services, pointed)).toEqual(head);
    expect(await spaceHead(store.services, pointed)).toEqual(head);
    expect(store.writes).toEqual([]);
  });

  it("is the winner's when two writes store it at once", async () => {
    const store = repositories([OLD_SPACE]);
    const [one, two] = await Promise.all([
      storedSpaceHead(store.services, OLD_SPACE),
      storedSpaceHead(store.services, OLD_SPACE),
    ]);
    expect(one).toEqual(two);
    expect(store.pointers.get(OLD_SPACE.id)).toBe(OLD_SPACE.id);
    expect(store.writes.filter((write) => write.startsWith('move'))).toHaveLength(2);
  });
});
