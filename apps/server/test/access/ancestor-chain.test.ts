/**
 * How the access loader reads the collections above a space: through their ancestor lists
 * (two reads for a chain of any depth), with parent links as the truth, so a list that is
 * stale or missing never changes a role.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTeam, putTeamMember } from '../teams/team-fixtures';
import { grant, insertCollection, insertNestedSpace } from './content-fixtures';

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
});
afterAll(() => server.close());

const getSpace = (member: { token: string }, id: string) =>
  server.api(`/v1/spaces/${id}`, { token: member.token });

describe('the ancestor chain of a space', () => {
  it('is read in two queries for a space nested 5 collections deep', async () => {
    const { collections, space } = await insertNestedSpace(server, org.organization.id, 5);
    const guest = await addMember(server, org.organization.id, null);
    await grant(
      server,
      org,
      { kind: 'collection', id: collections[0]!.id },
      {
        role: 'read',
        users: [guest.user.id],
      },
    );
    const findByIds = vi.spyOn(server.services.repos.collections, 'findByIds');
    try {
      const response = await getSpace(guest, space.id);
      expect(response.status).toBe(200);
      expect(response.body.permissions.view).toBe(true);
      expect(findByIds).toHaveBeenCalledTimes(2);
    } finally {
      findByIds.mockRestore();
    }
  });

  it('follows parent links when the ancestor lists are missing or stale', async () => {
    const { collections, space } = await insertNestedSpace(server, org.organization.id, 5);
    const elsewhere = await insertCollection(server, org.organization.id);
    const guest = await addMember(server, org.organization.id, null);
    const team = await createTeam(server, org, { title: 'Chain team' });
    await putTeamMember(server, org, team.id, guest, 'member');
    await grant(
      server,
      org,
      { kind: 'collection', id: collections[0]!.id },
      { role: 'edit', teams: [team.id] },
    );
    await grant(
      server,
      org,
      { kind: 'collection', id: elsewhere.id },
      { role: 'admin', users: [guest.user.id] },
    );
    const ids = collections.map((c) => c.id);
    // As if written before the lists existed, or left by a move that stopped half-way.
    await server.services.repos.collections.setAncestorIds(ids.slice(1), []);
    await server.services.repos.collections.setAncestorIds([ids[4]!], [elsewhere.id, ids[2]!]);
    const response = await getSpace(guest, space.id);
    expect(response.status).toBe(200);
    // The team's grant on the top collection reaches it; the unrelated collection's does not.
    expect(response.body.permissions).toMatchObject({ view: true, edit: true, admin: false });
  });
});
