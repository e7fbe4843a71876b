/**
 * Operations that act beyond the space itself (transfer, move to another parent, duplicate,
 * restore) with callers who hold grants: a reader or a guest with an admin grant on the space,
 * a team grant, a grant on an ancestor collection. A grant on the space is never the right to
 * take it out of its organization, nor to empty or fill a collection the caller may not
 * create in. Every refusal leaves the store as it was.
 */
import { operations } from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createSpace, grant } from '../support/content';
import { storedSpace } from '../support/content-tree';
import { NO_CHANGE_MESSAGE } from '../support/expectations';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { GRANT_HOLDERS, type GrantHolder, grantHolder } from '../support/grant-holders';
import { createTeam } from '../support/teams';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

const transfer = (spaceId: string, who: TestMember, to: { organization: string; parent?: string }) =>
  quire.callOperation(operations.spaces.transfer, who, { spaceId, ...to });
const move = (spaceId: string, who: TestMember, parent: string | null) =>
  quire.callOperation(operations.spaces.move, who, { spaceId, parent });
const FORBIDDEN = { code: 'forbidden' };

/** Whatever a refused request could have changed: the space and the organizations' counts. */
async function stateOf(spaceId: string, organizationIds: string[]) {
  return {
    space: await storedSpace(quire, spaceId),
    counts: await Promise.all(organizationIds.map((id) => quire.services.repos.spaces.countActive(id))),
  };
}

/** A space (in a collection for the ancestor case) that `holder` administers through a grant. */
async function holderOfSpace(org: TestOrganization, holder: GrantHolder) {
  const ancestor =
    holder === 'reader through an ancestor collection' ? await createCollection(quire, org) : undefined;
  const space = await createSpace(quire, org, ancestor ? { parent: ancestor.id } : {});
  const member = await grantHolder(
    quire,
    org,
    holder,
    { kind: 'space', id: space.id },
    ancestor ? { kind: 'collection', id: ancestor.id } : undefined,
  );
  return { member, space };
}

describe('spaces.transfer needs the organization admin role where the space is', () => {
  for (const holder of GRANT_HOLDERS) {
    it(`a ${holder} holding admin on the space: forbidden, into an organization they created`, async () => {
      const org = await createOrganization(quire);
      const { member, space } = await holderOfSpace(org, holder);
      // The space is theirs to administer: they see it with admin permissions.
      const seen = await quire.callOperation(operations.spaces.get, member, { spaceId: space.id });
      expect(seen.permissions.admin).toBe(true);
      const own = await createOrganization(quire, { owner: member });
      const before = await stateOf(space.id, [org.organization.id, own.organization.id]);
      await expect(transfer(space.id, member, { organization: own.organization.id })).rejects.toMatchObject({
        ...FORBIDDEN,
        message: expect.stringMatching(/organization admin/),
      });
      expect(await stateOf(space.id, [org.organization.id, own.organization.id])).toEqual(before);
    });
  }

  it('a member who administers the space through its default level: forbidden', async () => {
    const org = await createOrganization(quire);
    const creator = await addMember(quire, org.organization.id, 'create');
    const space = await createSpace(quire, org, { defaultLevel: 'admin' });
    const own = await createOrganization(quire, { owner: creator });
    const before = await stateOf(space.id, [org.organization.id, own.organization.id]);
    await expect(transfer(space.id, creator, { organization: own.organization.id })).rejects.toMatchObject(
      FORBIDDEN,
    );
    expect(await stateOf(space.id, [org.organization.id, own.organization.id])).toEqual(before);
  });

  it('the organization admin, admin of the target: transferred', async () => {
    const org = await createOrganization(quire);
    const space = await createSpace(quire, org);
    const target = await createOrganization(quire, { owner: org.admin });
    const moved = await transfer(space.id, org.admin, { organization: target.organization.id });
    expect(moved.organization).toBe(target.organization.id);
  });
});

describe('spaces.transfer to the organization the space is in', () => {
  it('is "no change", whatever the input says', async () => {
    const org = await createOrganization(quire);
    const collection = await createCollection(quire, org);
    const space = await createSpace(quire, org);
    const before = await stateOf(space.id, [org.organization.id]);
    for (const to of [
      { organization: org.organization.id },
      { organization: org.organization.id, parent: collection.id },
    ]) {
      await expect(transfer(space.id, org.admin, to)).rejects.toMatchObject({
        code: 'no_change',
        message: NO_CHANGE_MESSAGE,
      });
    }
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });
});

describe('spaces.move to another parent', () => {
  it('a guest with an admin grant on the space and create on the target may not empty a collection they cannot create in', async () => {
    const org = await createOrganization(quire);
    const guest = await addMember(quire, org.organization.id, null);
    const from = await createCollection(quire, org);
    const to = await createCollection(quire, org);
    const space = await createSpace(quire, org, { parent: from.id });
    await grant(quire, org, { kind: 'space', id: space.id }, { role: 'admin', users: [guest.user.id] });
    await grant(quire, org, { kind: 'collection', id: to.id }, { role: 'create', users: [guest.user.id] });
    const before = await stateOf(space.id, [org.organization.id]);
    await expect(move(space.id, guest, to.id)).rejects.toMatchObject({
      ...FORBIDDEN,
      message: expect.stringMatching(/take content out/),
    });
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });

  it('a reader through a team, out of a collection they only read into one they may create in: forbidden', async () => {
    const org = await createOrganization(quire);
    const reader = await addMember(quire, org.organization.id, 'read');
    const team = await createTeam(quire, org, { title: 'Movers', members: [reader.user.id] });
    const from = await createCollection(quire, org);
    const to = await createCollection(quire, org);
    const space = await createSpace(quire, org, { parent: from.id });
    await grant(quire, org, { kind: 'space', id: space.id }, { role: 'admin', teams: [team.id] });
    await grant(quire, org, { kind: 'collection', id: to.id }, { role: 'create', teams: [team.id] });
    const before = await stateOf(space.id, [org.organization.id]);
    await expect(move(space.id, reader, to.id)).rejects.toMatchObject(FORBIDDEN);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });

  it('a guest with an admin grant, from the top level into a collection they may create in: forbidden (the top level is not theirs)', async () => {
    const org = await createOrganization(quire);
    const guest = await addMember(quire, org.organization.id, null);
    const to = await createCollection(quire, org);
    const space = await createSpace(quire, org);
    await grant(quire, org, { kind: 'space', id: space.id }, { role: 'admin', users: [guest.user.id] });
    await grant(quire, org, { kind: 'collection', id: to.id }, { role: 'create', users: [guest.user.id] });
    const before = await stateOf(space.id, [org.organization.id]);
    await expect(move(space.id, guest, to.id)).rejects.toMatchObject(FORBIDDEN);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });

  it('a reader with an admin grant on the space: forbidden into a collection they read, not found into one they cannot see', async () => {
    const org = await createOrganization(quire);
    const { member, space } = await holderOfSpace(org, 'reader with a user grant');
    const readable = await createCollection(quire, org);
    const hidden = await createCollection(quire, org, { defaultLevel: null });
    const before = await stateOf(space.id, [org.organization.id]);
    await expect(move(space.id, member, readable.id)).rejects.toMatchObject(FORBIDDEN);
    await expect(move(space.id, member, hidden.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });

  it('a reader through an ancestor collection: within what the grant covers moved, out to the top level forbidden', async () => {
    const org = await createOrganization(quire);
    const reader = await addMember(quire, org.organization.id, 'read');
    const ancestor = await createCollection(quire, org);
    const inner = await createCollection(quire, org, { parent: ancestor.id });
    const space = await createSpace(quire, org, { parent: inner.id });
    await grant(
      quire,
      org,
      { kind: 'collection', id: ancestor.id },
      { role: 'admin', users: [reader.user.id] },
    );
    const before = await stateOf(space.id, [org.organization.id]);
    await expect(move(space.id, reader, null)).rejects.toMatchObject(FORBIDDEN);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
    expect((await move(space.id, reader, ancestor.id)).parent).toBe(ancestor.id);
  });
});

describe('spaces.duplicate', () => {
  it('a guest with an admin grant on the space may not add a copy where they may not create', async () => {
    const org = await createOrganization(quire);
    const { member, space } = await holderOfSpace(org, 'guest with a user grant');
    const before = await quire.services.repos.spaces.countActive(org.organization.id);
    await expect(
      quire.callOperation(operations.spaces.duplicate, member, { spaceId: space.id }),
    ).rejects.toMatchObject(FORBIDDEN);
    expect(await quire.services.repos.spaces.countActive(org.organization.id)).toBe(before);
  });

  it('a reader with create on the collection of the space duplicates it there', async () => {
    const org = await createOrganization(quire);
    const reader = await addMember(quire, org.organization.id, 'read');
    const collection = await createCollection(quire, org);
    const space = await createSpace(quire, org, { parent: collection.id });
    await grant(
      quire,
      org,
      { kind: 'collection', id: collection.id },
      { role: 'create', users: [reader.user.id] },
    );
    const copy = await quire.callOperation(operations.spaces.duplicate, reader, { spaceId: space.id });
    expect(copy.parent).toBe(collection.id);
  });
});

describe('spaces.restore out of a removed collection', () => {
  it('lands the space at the top level: a holder of an admin grant on it who may not create there is forbidden, the organization admin restores it', async () => {
    const org = await createOrganization(quire);
    const reader = await addMember(quire, org.organization.id, 'read');
    const collection = await createCollection(quire, org);
    const space = await createSpace(quire, org, { parent: collection.id });
    const topLevel = await createSpace(quire, org);
    await grant(quire, org, { kind: 'space', id: space.id }, { role: 'admin', users: [reader.user.id] });
    await quire.callOperation(operations.collections.remove, org.admin, { collectionId: collection.id });
    const before = await stateOf(space.id, [org.organization.id]);
    const restore = (who: TestMember) =>
      quire.callOperation(operations.spaces.restore, who, { spaceId: space.id });
    await expect(restore(reader)).rejects.toMatchObject(FORBIDDEN);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);

    expect((await restore(org.admin)).parent).toBeUndefined();
    const top = await quire.services.repos.spaces.listLiveChildren(org.organization.id, undefined);
    expect(top.map((s) => s.id)).toEqual([topLevel.id, space.id]);
  });
});
