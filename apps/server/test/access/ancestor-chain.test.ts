/**
 * How the access loader reads the collections above a space: through their ancestor lists
 * (two reads for a chain of any depth), with parent links as the truth, so a list that is
 * stale or missing never changes a role.
 */
import { operations } from '@quire/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createCollection, createNestedSpace, grant } from '../support/content';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { createTeam, putTeamMember } from '../support/teams';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
let org: TestOrganization;
beforeAll(async () => {
  quire = await openTestDomain();
  org = await createOrganization(quire);
});

const getSpace = (member: { token: string }, spaceId: string) =>
  quire.callOperation(operations.spaces.get, member, { spaceId });

describe('the ancestor chain of a space', () => {
  it('is read in two queries for a space nested 5 collections deep', async () => {
    const { collections, space } = await createNestedSpace(quire, org, 5);
    const guest = await addMember(quire, org.organization.id, null);
    await grant(
      quire,
      org,
      { kind: 'collection', id: collections[0]!.id },
      { role: 'read', users: [guest.user.id] },
    );
    const findByIds = vi.spyOn(quire.services.repos.collections, 'findByIds');
    try {
      expect((await getSpace(guest, space.id)).permissions.view).toBe(true);
      expect(findByIds).toHaveBeenCalledTimes(2);
    } finally {
      findByIds.mockRestore();
    }
  });

  it('follows parent links when the ancestor lists are missing or stale', async () => {
    const { collections, space } = await createNestedSpace(quire, org, 5);
    const elsewhere = await createCollection(quire, org);
    const guest = await addMember(quire, org.organization.id, null);
    const team = await createTeam(quire, org, { title: 'Chain team' });
    await putTeamMember(quire, org, team.id, guest, 'member');
    await grant(
      quire,
      org,
      { kind: 'collection', id: collections[0]!.id },
      { role: 'edit', teams: [team.id] },
    );
    await grant(
      quire,
      org,
      { kind: 'collection', id: elsewhere.id },
      { role: 'admin', users: [guest.user.id] },
    );
    const ids = collections.map((c) => c.id);
    // As if written before the lists existed, or left by a move that stopped half-way.
    await quire.services.repos.collections.setAncestorIds(ids.slice(1), []);
    await quire.services.repos.collections.setAncestorIds([ids[4]!], [elsewhere.id, ids[2]!]);
    // The team's grant on the top collection reaches it; the unrelated collection's does not.
    expect((await getSpace(guest, space.id)).permissions).toMatchObject({
      view: true,
      edit: true,
      admin: false,
    });
  });
});
