/**
 * What a member's teams show outside the teams area, through real HTTP: the team count of
 * the Member resource (`GET ORG/members`, `GET ORG/members/{userId}`) and the `ownTeam`
 * permission of the Organization resource (`GET ORG`, `GET /v1/orgs`) follow additions,
 * role changes, removals and team deletions.
 */
import { addOrganizationMember } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTeam, putTeamMember, teamPath } from './team-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The member's team count, in the member list and on the member itself. */
async function teamCountOf(org: TestOrganization, member: TestMember): Promise<number> {
  const base = `/v1/orgs/${org.organization.id}/members`;
  const list = await server.api(`${base}?limit=100`, { token: org.admin.token });
  expect(list.status).toBe(200);
  const listed = list.body.items.find((item: { id: string }) => item.id === member.user.id);
  const one = await server.api(`${base}/${member.user.id}`, { token: org.admin.token });
  expect(one.body.teams).toBe(listed.teams);
  return listed.teams;
}

/** The member's `ownTeam` permission, on the organization and in their list of organizations. */
async function ownTeamOf(org: TestOrganization, member: TestMember): Promise<boolean> {
  const one = await server.api(`/v1/orgs/${org.organization.id}`, { token: member.token });
  expect(one.status).toBe(200);
  const list = await server.api('/v1/orgs', { token: member.token });
  const listed = list.body.items.find((item: { id: string }) => item.id === org.organization.id);
  expect(listed.permissions.ownTeam).toBe(one.body.permissions.ownTeam);
  return one.body.permissions.ownTeam;
}

const removeFromTeam = async (org: TestOrganization, teamId: string, member: TestMember) =>
  expect(
    (
      await server.api(`${teamPath(org.organization.id, teamId)}/members/${member.user.id}`, {
        method: 'DELETE',
        token: org.admin.token,
      })
    ).status,
  ).toBe(204);

describe("a member's teams, seen from the organization", () => {
  it('count the teams the member is in as they join and leave them', async () => {
    const org = await createOrganization(server);
    const member = await addMember(server, org.organization.id, 'read');
    expect(await teamCountOf(org, member)).toBe(0);
    const first = await createTeam(server, org, { title: 'First', members: [member.user.id] });
    const second = await createTeam(server, org, { title: 'Second' });
    await putTeamMember(server, org, second.id, member, 'member');
    await putTeamMember(server, org, second.id, member, 'owner');
    expect(await teamCountOf(org, member)).toBe(2);
    await removeFromTeam(org, first.id, member);
    expect(await teamCountOf(org, member)).toBe(1);
    await removeFromTeam(org, first.id, member);
    expect(await teamCountOf(org, member)).toBe(1);
    const deleted = await server.api(teamPath(org.organization.id, second.id), {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(deleted.status).toBe(204);
    expect(await teamCountOf(org, member)).toBe(0);
  });

  it('give ownTeam to a team owner only while they own a team', async () => {
    const org = await createOrganization(server);
    const member = await addMember(server, org.organization.id, 'read');
    const team = await createTeam(server, org, { title: 'T' });
    const other = await createTeam(server, org, { title: 'Other' });
    await putTeamMember(server, org, team.id, member, 'member');
    expect(await ownTeamOf(org, member)).toBe(false);
    await putTeamMember(server, org, team.id, member, 'owner');
    expect(await ownTeamOf(org, member)).toBe(true);
    await putTeamMember(server, org, team.id, member, 'member');
    expect(await ownTeamOf(org, member)).toBe(false);

    await putTeamMember(server, org, other.id, member, 'owner');
    expect(await ownTeamOf(org, member)).toBe(true);
    await removeFromTeam(org, other.id, member);
    expect(await ownTeamOf(org, member)).toBe(false);

    await putTeamMember(server, org, team.id, member, 'owner');
    expect(await ownTeamOf(org, member)).toBe(true);
    await server.api(teamPath(org.organization.id, team.id), { method: 'DELETE', token: org.admin.token });
    expect(await ownTeamOf(org, member)).toBe(false);
  });

  it('start over when a member leaves the organization and joins again', async () => {
    const org = await createOrganization(server);
    const member = await addMember(server, org.organization.id, 'read');
    const team = await createTeam(server, org, { title: 'T' });
    await putTeamMember(server, org, team.id, member, 'owner');
    const left = await server.api(`/v1/orgs/${org.organization.id}/members/${member.user.id}`, {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(left.status).toBe(204);
    const member2 = await addOrganizationMember(server.services, {
      organizationId: org.organization.id,
      user: member.user,
      role: 'read',
    });
    const again = { ...member, member: member2 };
    expect(await teamCountOf(org, again)).toBe(0);
    expect(await ownTeamOf(org, again)).toBe(false);
  });
});
