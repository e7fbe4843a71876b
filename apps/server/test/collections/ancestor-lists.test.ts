/**
 * The ancestor lists of collections (`ancestorIds`, root first) through create, nested moves
 * and transfers: after each, every list in the tree equals the chain of parent links.
 */
import { type CollectionRecord, operations } from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCollection } from '../support/content';
import { createOrganization, type TestOrganization } from '../support/factories';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

type Place = { parent?: string | null; position?: { after: { type: 'collection'; collection: string } } };
const move = (org: TestOrganization, collectionId: string, to: Place) =>
  quire.callOperation(operations.collections.move, org.admin, { collectionId, ...to });

/** The stored ancestor lists of the collections, by id. */
async function storedLists(ids: readonly string[]): Promise<Record<string, string[]>> {
  const found = await quire.services.repos.collections.findByIds(ids);
  return Object.fromEntries(found.map((c) => [c.id, c.ancestorIds]));
}

/** The lists the parent links give, by id (walking up one collection at a time). */
async function listsFromParents(ids: readonly string[]): Promise<Record<string, string[]>> {
  const lists: Record<string, string[]> = {};
  for (const id of ids) {
    const up: string[] = [];
    let current: CollectionRecord | null = await quire.services.repos.collections.findById(id);
    while (current?.parentId) {
      up.unshift(current.parentId);
      current = await quire.services.repos.collections.findById(current.parentId);
    }
    lists[id] = up;
  }
  return lists;
}

async function expectExactLists(ids: readonly string[]): Promise<void> {
  expect(await storedLists(ids)).toEqual(await listsFromParents(ids));
}

describe('ancestor lists of collections', () => {
  it('are set on create, root first', async () => {
    const org = await createOrganization(quire);
    const a = await createCollection(quire, org, { title: 'A' });
    const b = await createCollection(quire, org, { parent: a.id });
    const c = await createCollection(quire, org, { parent: b.id });
    expect(await storedLists([a.id, b.id, c.id])).toEqual({
      [a.id]: [],
      [b.id]: [a.id],
      [c.id]: [a.id, b.id],
    });
  });

  it('follow nested moves of a subtree, up, down and sideways', async () => {
    const org = await createOrganization(quire);
    // A > B > C > D, B > E > F, and G at the top level.
    const a = await createCollection(quire, org, { title: 'A' });
    const b = await createCollection(quire, org, { parent: a.id });
    const c = await createCollection(quire, org, { parent: b.id });
    const d = await createCollection(quire, org, { parent: c.id });
    const e = await createCollection(quire, org, { parent: b.id });
    const f = await createCollection(quire, org, { parent: e.id });
    const g = await createCollection(quire, org, { title: 'G' });
    const all = [a, b, c, d, e, f, g].map((x) => x.id);

    await move(org, b.id, { parent: g.id }); // G > B > (C > D, E > F)
    await expectExactLists(all);
    expect((await storedLists([d.id]))[d.id]).toEqual([g.id, b.id, c.id]);

    await move(org, b.id, { parent: null }); // B at the top level
    await expectExactLists(all);
    expect((await storedLists([f.id]))[f.id]).toEqual([b.id, e.id]);

    await move(org, e.id, { parent: d.id }); // B > C > D > E > F
    await expectExactLists(all);
    expect((await storedLists([f.id]))[f.id]).toEqual([b.id, c.id, d.id, e.id]);

    await move(org, a.id, { parent: f.id }); // B > C > D > E > F > A
    await expectExactLists(all);
    expect((await storedLists([a.id]))[a.id]).toEqual([b.id, c.id, d.id, e.id, f.id]);

    await move(org, c.id, { parent: g.id }); // B, and G > C > D > E > F > A
    await expectExactLists(all);
    expect(await storedLists([a.id, b.id])).toEqual({ [a.id]: [g.id, c.id, d.id, e.id, f.id], [b.id]: [] });
  });

  it('are unchanged by a move among siblings and by a refused move into a descendant', async () => {
    const org = await createOrganization(quire);
    const a = await createCollection(quire, org, { title: 'A' });
    const b = await createCollection(quire, org, { parent: a.id });
    const c = await createCollection(quire, org, { parent: b.id });
    const sibling = await createCollection(quire, org, { parent: a.id });
    const before = await storedLists([a.id, b.id, c.id, sibling.id]);
    await move(org, b.id, { position: { after: { type: 'collection', collection: sibling.id } } });
    await expect(move(org, a.id, { parent: c.id })).rejects.toMatchObject({ code: 'cannot_move' });
    expect(await storedLists([a.id, b.id, c.id, sibling.id])).toEqual(before);
  });

  it('start again from the transferred collection in the target organization', async () => {
    const org = await createOrganization(quire);
    const target = await createOrganization(quire, { owner: org.admin });
    // X > A > B > C, and A > D.
    const x = await createCollection(quire, org, { title: 'X' });
    const a = await createCollection(quire, org, { parent: x.id });
    const b = await createCollection(quire, org, { parent: a.id });
    const c = await createCollection(quire, org, { parent: b.id });
    const d = await createCollection(quire, org, { parent: a.id });
    await quire.callOperation(operations.collections.transfer, org.admin, {
      collectionId: a.id,
      organization: target.organization.id,
    });
    expect(await storedLists([x.id, a.id, b.id, c.id, d.id])).toEqual({
      [x.id]: [],
      [a.id]: [],
      [b.id]: [a.id],
      [c.id]: [a.id, b.id],
      [d.id]: [a.id],
    });
    // Moves in the target organization keep them exact.
    const top = await createCollection(quire, target, { title: 'Top' });
    await move(org, a.id, { parent: top.id });
    await expectExactLists([top.id, a.id, b.id, c.id, d.id]);
    expect((await storedLists([c.id]))[c.id]).toEqual([top.id, a.id, b.id]);
  });
});
