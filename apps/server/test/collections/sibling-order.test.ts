/**
 * Lists of one parent's children come in sibling order, the order moves set: the spaces of
 * a collection, and the top-level collections (`nested=false`). Pages follow that order
 * with a cursor on (order key, id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError, walkPages } from '../organizations/expectations';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  collectionPath,
  collectionsPath,
  createCollection,
  insertSpace,
  siblingOrder,
} from './collection-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const move = (org: TestOrganization, path: string, body: unknown) =>
  server.api(`${path}/move`, { method: 'POST', token: org.admin.token, body });
const idsOf = (keys: string[]) => keys.map((key) => key.split(':')[1]);

describe('GET /v1/collections/:collectionId/spaces', () => {
  it('lists the spaces in sibling order after moves, page by page', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org.organization.id, org.admin);
    const spaces = [];
    for (const title of ['A', 'B', 'C', 'D', 'E']) {
      spaces.push(await insertSpace(server, org.organization.id, { parentId: collection.id, title }));
    }
    const [a, b, , d, e] = spaces;
    const expectMoved = async (spaceId: string, position: unknown) =>
      expect((await move(org, `/v1/spaces/${spaceId}`, { position })).status).toBe(200);
    await expectMoved(e!.id, { before: { type: 'space', space: a!.id } });
    await expectMoved(b!.id, { after: { type: 'space', space: d!.id } });
    const expected = idsOf(await siblingOrder(server, org.organization.id, collection.id));
    expect(expected).not.toEqual(spaces.map((s) => s.id));

    const path = `${collectionPath(collection.id)}/spaces`;
    const whole = await server.api(path, { token: org.admin.token });
    expect(whole.body.items.map((s: { id: string }) => s.id)).toEqual(expected);
    const paged = await walkPages(server, `${path}?limit=2`, org.admin.token);
    expect(paged.items.map((s) => s.id)).toEqual(expected);
    expect(paged.pages).toBe(3);
  });

  it('a page after a move resumes after the last space returned, in the new order', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org.organization.id, org.admin);
    const spaces = [];
    for (const title of ['A', 'B', 'C', 'D']) {
      spaces.push(await insertSpace(server, org.organization.id, { parentId: collection.id, title }));
    }
    const path = `${collectionPath(collection.id)}/spaces`;
    const first = await server.api(`${path}?limit=2`, { token: org.admin.token });
    expect(first.body.items.map((s: { title: string }) => s.title)).toEqual(['A', 'B']);
    // D goes first: it is before the cursor now, so the next page has only C.
    expect(
      (
        await move(org, `/v1/spaces/${spaces[3]!.id}`, {
          position: { before: { type: 'space', space: spaces[0]!.id } },
        })
      ).status,
    ).toBe(200);
    const next = await server.api(`${path}?limit=2&page=${encodeURIComponent(first.body.next.page)}`, {
      token: org.admin.token,
    });
    expect(next.body.items.map((s: { title: string }) => s.title)).toEqual(['C']);
  });
});

describe('GET /v1/orgs/:organizationId/collections?nested=false', () => {
  it('lists the top-level collections in sibling order after moves, page by page', async () => {
    const org = await createOrganization(server);
    const collections = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      collections.push(await createCollection(server, org.organization.id, org.admin, { title }));
    }
    await createCollection(server, org.organization.id, org.admin, { parent: collections[0]!.id });
    expect(
      (
        await move(org, collectionPath(collections[3]!.id), {
          position: { before: { type: 'collection', collection: collections[0]!.id } },
        })
      ).status,
    ).toBe(200);
    const expected = idsOf(await siblingOrder(server, org.organization.id));
    expect(expected).toEqual([
      collections[3]!.id,
      collections[0]!.id,
      collections[1]!.id,
      collections[2]!.id,
    ]);
    const paged = await walkPages(
      server,
      `${collectionsPath(org.organization.id)}?nested=false&limit=3`,
      org.admin.token,
    );
    expect(paged.items.map((c) => c.id)).toEqual(expected);
    // Every collection, nested ones included, stays in creation order.
    const all = await walkPages(server, collectionsPath(org.organization.id), org.admin.token);
    expect(all.items.map((c) => c.id).slice(0, 4)).toEqual(collections.map((c) => c.id));
  });

  it('refuses a cursor of the other order with a 400 naming page', async () => {
    const org = await createOrganization(server);
    for (let i = 0; i < 3; i++) await createCollection(server, org.organization.id, org.admin);
    const byId = await server.api(`${collectionsPath(org.organization.id)}?limit=1`, {
      token: org.admin.token,
    });
    const bySibling = await server.api(`${collectionsPath(org.organization.id)}?nested=false&limit=1`, {
      token: org.admin.token,
    });
    const page = (cursor: string) => `page=${encodeURIComponent(cursor)}`;
    expectFieldError(
      await server.api(`${collectionsPath(org.organization.id)}?nested=false&${page(byId.body.next.page)}`, {
        token: org.admin.token,
      }),
      'page',
    );
    expectFieldError(
      await server.api(`${collectionsPath(org.organization.id)}?${page(bySibling.body.next.page)}`, {
        token: org.admin.token,
      }),
      'page',
    );
  });
});
