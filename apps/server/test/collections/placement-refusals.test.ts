/**
 * Operations on a collection that act beyond it (transfer, move to another parent, create
 * under a parent, delete with what it holds) with callers who hold grants: a reader or a
 * guest with an admin grant, a team grant, a grant on an ancestor collection. Every refusal
 * leaves the store as it was.
 */
import { addOrganizationMember, operations } from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createSpace, grant } from '../support/content';
import { snapshotOf } from '../support/content-tree';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { GRANT_HOLDERS, type GrantHolder, grantHolder } from '../support/grant-holders';
import { createTeam } from '../support/teams';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

const move = (collectionId: string, who: TestMember, parent: string) =>
  quire.callOperation(operations.collections.move, who, { collectionId, parent });
const remove = (collectionId: string, who: TestMember) =>
  quire.callOperation(operations.collections.remove, who, { collectionId });
const refused = (message?: RegExp) => ({
  code: 'forbidden',
  ...(message ? { message: expect.stringMatching(message) } : {}),
});

/** A collection holding a space, which `holder` administers through a grant. */
async function holderOfCollection(org: TestOrganization, holder: GrantHolder) {
  const ancestor =
    holder === 'reader through an ancestor collection' ? await createCollection(quire, org) : undefined;
  const collection = await createCollection(quire, org, ancestor ? { parent: ancestor.id } : {});
  const space = await createSpace(quire, org, { parent: collection.id });
  const member = await grantHolder(
    quire,
    org,
    holder,
    { kind: 'collection', id: collection.id },
    ancestor ? { kind: 'collection', id: ancestor.id } : undefined,
  );
  return { member, collection, space, ancestor };
}

describe('collections.transfer needs the organization admin role where the collection is', () => {
  for (const holder of GRANT_HOLDERS) {
    it(`a ${holder} holding admin on the collection: forbidden, into an organization they created`, async () => {
      const org = await createOrganization(quire);
      const { member, collection, space } = await holderOfCollection(org, holder);
      const seen = await quire.callOperation(operations.collections.get, member, {
        collectionId: collection.id,
      });
      expect(seen.permissions.admin).toBe(true);
      const own = await createOrganization(quire, { owner: member });
      const before = await snapshotOf(quire, [collection.id], [space.id]);
      await expect(
        quire.callOperation(operations.collections.transfer, member, {
          collectionId: collection.id,
          organization: own.organization.id,
        }),
      ).rejects.toMatchObject(refused(/organization admin/));
      expect(await snapshotOf(quire, [collection.id], [space.id])).toEqual(before);
    });
  }
});

describe('collections.move to another parent', () => {
  it('a reader with an admin grant, out of a collection they only read into one they may create in: forbidden', async () => {
    const org = await createOrganization(quire);
    const reader = await addMember(quire, org.organization.id, 'read');
    const from = await createCollection(quire, org);
    const to = await createCollection(quire, org);
    const moving = await createCollection(quire, org, { parent: from.id });
    await grant(
      quire,
      org,
      { kind: 'collection', id: moving.id },
      { role: 'admin', users: [reader.user.id] },
    );
    await grant(quire, org, { kind: 'collection', id: to.id }, { role: 'create', users: [reader.user.id] });
    const before = await snapshotOf(quire, [moving.id]);
    await expect(move(moving.id, reader, to.id)).rejects.toMatchObject(refused(/take content out/));
    expect(await snapshotOf(quire, [moving.id])).toEqual(before);
  });

  it('a guest through a team, from the top level into a collection the team may create in: forbidden', async () => {
    const org = await createOrganization(quire);
    const guest = await addMember(quire, org.organization.id, null);
    const team = await createTeam(quire, org, { title: 'Guests', members: [guest.user.id] });
    const to = await createCollection(quire, org);
    const moving = await createCollection(quire, org);
    await grant(quire, org, { kind: 'collection', id: moving.id }, { role: 'admin', teams: [team.id] });
    await grant(quire, org, { kind: 'collection', id: to.id }, { role: 'create', teams: [team.id] });
    const before = await snapshotOf(quire, [moving.id]);
    await expect(move(moving.id, guest, to.id)).rejects.toMatchObject(refused());
    expect(await snapshotOf(quire, [moving.id])).toEqual(before);
  });

  it('a parent in another organization is not found even where the caller is a member who may not create', async () => {
    const org = await createOrganization(quire);
    const other = await createOrganization(quire);
    await addOrganizationMember(quire.services, {
      organizationId: other.organization.id,
      user: org.admin.user,
      role: 'read',
    });
    const foreign = await createCollection(quire, other);
    const moving = await createCollection(quire, org);
    const before = await snapshotOf(quire, [moving.id]);
    const notFound = { code: 'not_found' };
    await expect(move(moving.id, org.admin, foreign.id)).rejects.toMatchObject(notFound);
    expect(await snapshotOf(quire, [moving.id])).toEqual(before);
    const organizationId = org.organization.id;
    await expect(
      quire.callOperation(operations.collections.create, org.admin, {
        organizationId,
        title: 'x',
        parent: foreign.id,
      }),
    ).rejects.toMatchObject(notFound);
    await expect(
      quire.callOperation(operations.spaces.create, org.admin, { organizationId, parent: foreign.id }),
    ).rejects.toMatchObject(notFound);
    expect(await quire.services.repos.collections.listAll(organizationId)).toHaveLength(1);
  });
});

describe('collections.remove needs admin on everything it holds, or the organization admin role', () => {
  it('a member who administers the collection through its level, holding a space they only read: forbidden', async () => {
    const org = await createOrganization(quire);
    const member = await addMember(quire, org.organization.id, 'edit');
    const collection = await createCollection(quire, org, { defaultLevel: 'admin' });
    const theirs = await createSpace(quire, org, { parent: collection.id });
    const others = await createSpace(quire, org, { parent: collection.id, defaultLevel: 'read' });
    const before = await snapshotOf(quire, [collection.id], [theirs.id, others.id]);
    await expect(remove(collection.id, member)).rejects.toMatchObject(refused(/everything it holds/));
    expect(await snapshotOf(quire, [collection.id], [theirs.id, others.id])).toEqual(before);
  });

  it('a sub-collection hidden from the caller: forbidden, nothing deleted', async () => {
    const org = await createOrganization(quire);
    const member = await addMember(quire, org.organization.id, 'edit');
    const collection = await createCollection(quire, org, { defaultLevel: 'admin' });
    const hidden = await createCollection(quire, org, { parent: collection.id, defaultLevel: null });
    const deep = await createSpace(quire, org, { parent: hidden.id });
    const before = await snapshotOf(quire, [collection.id, hidden.id], [deep.id]);
    await expect(remove(collection.id, member)).rejects.toMatchObject(refused());
    expect(await snapshotOf(quire, [collection.id, hidden.id], [deep.id])).toEqual(before);
  });

  for (const holder of GRANT_HOLDERS) {
    it(`a ${holder} (admin of everything below through the grant): removed`, async () => {
      const org = await createOrganization(quire);
      const { member, collection, space } = await holderOfCollection(org, holder);
      await remove(collection.id, member);
      expect(await quire.services.repos.collections.findById(collection.id)).toBeNull();
      expect((await quire.services.repos.spaces.findById(space.id))!.deletedAt).toBeDefined();
    });
  }

  it('the organization admin, whatever the levels below: removed', async () => {
    const org = await createOrganization(quire);
    const collection = await createCollection(quire, org);
    await createCollection(quire, org, { parent: collection.id, defaultLevel: null });
    await remove(collection.id, org.admin);
    expect(await quire.services.repos.collections.findById(collection.id)).toBeNull();
  });
});
