/**
 * The ancestor lists of collections (`ancestorIds`, root first) through create, nested moves
 * and transfers: after each, every list in the tree equals the chain of parent links.
 */
import type { CollectionRecord } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { collectionPath, createCollection } from './collection-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const move = async (collectionId: string, token: string, body: unknown) => {
  const response = await server.api(`${collectionPath(collectionId)}/move`, { method: 'POST', token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};

/** The stored ancestor lists of the collections, by id. */
async function storedLists(ids: readonly string[]): Promise<Record<string, string[]>> {
  const found = await server.services.repos.collections.findByIds(ids);
  return Object.fromEntries(found.map((c) => [c.id, c.ancestorIds]));
}

/** The lists the parent links give, by id (walking up one collection at a time). */
async function listsFromParents(ids: readonly string[]): Promise<Record<string, string[]>> {
  const lists: Record<string, string[]> = {};
  for (const id of ids) {
    const up: string[] = [];
    let current: CollectionRecord | null = await server.services.repos.collections.findById(id);
    while (current?.parentId) {
      up.unshift(current.parentId);
      current = await server.services.repos.collections.findById(current.parentId);
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
    const org = await createOrganization(server);
    const a = await createCollection(server, org.organization.id, org.admin, { title: 'A' });
    const b = await createCollection(server, org.organization.id, org.admin, { parent: a.id });
    const c = await createCollection(server, org.organization.id, org.admin, { parent: b.id });
    expect(await storedLists([a.id, b.id, c.id])).toEqual({
      [a.id]: [],
      [b.id]: [a.id],
      [c.id]: [a.id, b.id],
    });
  });

  it('follow nested moves of a subtree, up, down and sideways', async () => {
    const org = await createOrganization(server);
    const { id: orgId } = org.organization;
    const token = org.admin.token;
    // A > B > C > D, B > E > F, and G at the top level.
    const a = await createCollection(server, orgId, org.admin, { title: 'A' });
    const b = await createCollection(server, orgId, org.admin, { parent: a.id });
    const c = await createCollection(server, orgId, org.admin, { parent: b.id });
    const d = await createCollection(server, orgId, org.admin, { parent: c.id });
    const e = await createCollection(server, orgId, org.admin, { parent: b.id });
    const f = await createCollection(server, orgId, org.admin, { parent: e.id });
    const g = await createCollection(server, orgId, org.admin, { title: 'G' });
    const all = [a, b, c, d, e, f, g].map((x) => x.id);

    await move(b.id, token, { parent: g.id }); // G > B > (C > D, E > F)
    await expectExactLists(all);
    expect((await storedLists([d.id]))[d.id]).toEqual([g.id, b.id, c.id]);

    await move(b.id, token, { parent: null }); // B at the top level
    await expectExactLists(all);
    expect((await storedLists([f.id]))[f.id]).toEqual([b.id, e.id]);

    await move(e.id, token, { parent: d.id }); // B > C > D > E > F
    await expectExactLists(all);
    expect((await storedLists([f.id]))[f.id]).toEqual([b.id, c.id, d.id, e.id]);

    await move(a.id, token, { parent: f.id }); // B > C > D > E > F > A
    await expectExactLists(all);
    expect((await storedLists([a.id]))[a.id]).toEqual([b.id, c.id, d.id, e.id, f.id]);

    await move(c.id, token, { parent: g.id }); // B, and G > C > D > E > F > A
    await expectExactLists(all);
    expect(await storedLists([a.id, b.id])).toEqual({ [a.id]: [g.id, c.id, d.id, e.id, f.id], [b.id]: [] });
  });

  it('are unchanged by a move among siblings and by a refused move into a descendant', async () => {
    const org = await createOrganization(server);
    const { id: orgId } = org.organization;
    const a = await createCollection(server, orgId, org.admin, { title: 'A' });
    const b = await createCollection(server, orgId, org.admin, { parent: a.id });
    const c = await createCollection(server, orgId, org.admin, { parent: b.id });
    const sibling = await createCollection(server, orgId, org.admin, { parent: a.id });
    const before = await storedLists([a.id, b.id, c.id, sibling.id]);
    await move(b.id, org.admin.token, {
      position: { after: { type: 'collection', collection: sibling.id } },
    });
    const refused = await server.api(`${collectionPath(a.id)}/move`, {
      method: 'POST',
      token: org.admin.token,
      body: { parent: c.id },
    });
    expect(refused.status).toBe(412);
    expect(await storedLists([a.id, b.id, c.id, sibling.id])).toEqual(before);
  });

  it('start again from the transferred collection in the target organization', async () => {
    const org = await createOrganization(server);
    const target = await createOrganization(server, { owner: org.admin });
    const { id: orgId } = org.organization;
    // X > A > B > C, and A > D.
    const x = await createCollection(server, orgId, org.admin, { title: 'X' });
    const a = await createCollection(server, orgId, org.admin, { parent: x.id });
    const b = await createCollection(server, orgId, org.admin, { parent: a.id });
    const c = await createCollection(server, orgId, org.admin, { parent: b.id });
    const d = await createCollection(server, orgId, org.admin, { parent: a.id });
    const response = await server.api(`${collectionPath(a.id)}/transfer`, {
      method: 'POST',
      token: org.admin.token,
      body: { organization: target.organization.id },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await storedLists([x.id, a.id, b.id, c.id, d.id])).toEqual({
      [x.id]: [],
      [a.id]: [],
      [b.id]: [a.id],
      [c.id]: [a.id, b.id],
      [d.id]: [a.id],
    });
    // Moves in the target organization keep them exact.
    const top = await createCollection(server, target.organization.id, org.admin, { title: 'Top' });
    await move(a.id, org.admin.token, { parent: top.id });
    await expectExactLists([top.id, a.id, b.id, c.id, d.id]);
    expect((await storedLists([c.id]))[c.id]).toEqual([top.id, a.id, b.id]);
  });
});
