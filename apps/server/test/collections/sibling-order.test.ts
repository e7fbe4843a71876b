/**
 * Lists of one parent's children come in sibling order, the order moves set: the spaces of
 * a collection, and the top-level collections (`nested: false`). Pages follow that order
 * with a cursor on (order key, id).
 */
import { operations } from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createCollection, createSpace } from '../support/content';
import { siblingOrder } from '../support/content-tree';
import { createOrganization, type TestOrganization } from '../support/factories';
import { allPages } from '../support/pages';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

const idsOf = (keys: string[]) => keys.map((key) => key.split(':')[1]);
/** Where a move puts a space or a collection among its siblings. */
type Position = NonNullable<z.input<typeof operations.spaces.move.input>['position']>;
const placedBefore = (type: 'space' | 'collection', id: string): Position =>
  type === 'space' ? { before: { type, space: id } } : { before: { type, collection: id } };

const moveSpace = (org: TestOrganization, spaceId: string, position: Position) =>
  quire.callOperation(operations.spaces.move, org.admin, { spaceId, position });
const moveCollection = (org: TestOrganization, collectionId: string, position: Position) =>
  quire.callOperation(operations.collections.move, org.admin, { collectionId, position });
const spacesIn = (
  org: TestOrganization,
  collectionId: string,
  paging: { limit?: number; page?: string } = {},
) => quire.callOperation(operations.collections.spaces.list, org.admin, { collectionId, ...paging });
const collectionsOf = (org: TestOrganization, query: { nested?: boolean; limit?: number; page?: string }) =>
  quire.callOperation(operations.collections.list, org.admin, {
    organizationId: org.organization.id,
    ...query,
  });

describe('collections.spaces.list', () => {
  it('lists the spaces in sibling order after moves, page by page', async () => {
    const org = await createOrganization(quire);
    const collection = await createCollection(quire, org);
    const spaces = [];
    for (const title of ['A', 'B', 'C', 'D', 'E']) {
      spaces.push(await createSpace(quire, org, { parent: collection.id, title }));
    }
    const [a, b, , d, e] = spaces;
    await moveSpace(org, e!.id, placedBefore('space', a!.id));
    await moveSpace(org, b!.id, { after: { type: 'space', space: d!.id } });
    const expected = idsOf(await siblingOrder(quire, org.organization.id, collection.id));
    expect(expected).not.toEqual(spaces.map((s) => s.id));

    expect((await spacesIn(org, collection.id)).items.map((s) => s.id)).toEqual(expected);
    const paged = await allPages((page) =>
      spacesIn(org, collection.id, { limit: 2, ...(page ? { page } : {}) }),
    );
    expect(paged.items.map((s) => s.id)).toEqual(expected);
    expect(paged.pages).toHaveLength(3);
  });

  it('a page after a move resumes after the last space returned, in the new order', async () => {
    const org = await createOrganization(quire);
    const collection = await createCollection(quire, org);
    const spaces = [];
    for (const title of ['A', 'B', 'C', 'D']) {
      spaces.push(await createSpace(quire, org, { parent: collection.id, title }));
    }
    const first = await spacesIn(org, collection.id, { limit: 2 });
    expect(first.items.map((s) => s.title)).toEqual(['A', 'B']);
    // D goes first: it is before the cursor now, so the next page has only C.
    await moveSpace(org, spaces[3]!.id, placedBefore('space', spaces[0]!.id));
    const next = await spacesIn(org, collection.id, { limit: 2, page: first.next?.page });
    expect(next.items.map((s) => s.title)).toEqual(['C']);
  });
});

describe('collections.list with nested: false', () => {
  it('lists the top-level collections in sibling order after moves, page by page', async () => {
    const org = await createOrganization(quire);
    const collections = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      collections.push(await createCollection(quire, org, { title }));
    }
    await createCollection(quire, org, { parent: collections[0]!.id });
    await moveCollection(org, collections[3]!.id, placedBefore('collection', collections[0]!.id));
    const expected = idsOf(await siblingOrder(quire, org.organization.id));
    expect(expected).toEqual([
      collections[3]!.id,
      collections[0]!.id,
      collections[1]!.id,
      collections[2]!.id,
    ]);
    const paged = await allPages((page) =>
      collectionsOf(org, { nested: false, limit: 3, ...(page ? { page } : {}) }),
    );
    expect(paged.items.map((c) => c.id)).toEqual(expected);
    // Every collection, nested ones included, stays in creation order.
    const all = await allPages((page) => collectionsOf(org, page ? { page } : {}));
    expect(all.items.map((c) => c.id).slice(0, 4)).toEqual(collections.map((c) => c.id));
  });

  it('refuses a cursor of the other order, naming page', async () => {
    const org = await createOrganization(quire);
    for (let i = 0; i < 3; i++) await createCollection(quire, org);
    const byId = await collectionsOf(org, { limit: 1 });
    const bySibling = await collectionsOf(org, { nested: false, limit: 1 });
    const namingPage = { code: 'validation', message: expect.stringContaining('page') };
    await expect(collectionsOf(org, { nested: false, page: byId.next?.page })).rejects.toMatchObject(
      namingPage,
    );
    await expect(collectionsOf(org, { page: bySibling.next?.page })).rejects.toMatchObject(namingPage);
  });
});
