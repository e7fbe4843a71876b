/**
 * What a member's teams show outside the teams area: the team count of the Member resource
 * (`orgs.members.list`, `orgs.members.get`) and the `ownTeam` permission of the Organization
 * resource (`orgs.get`, `orgs.list`) follow additions, role changes, removals and team
 * deletions.
 */
import { addOrganizationMember, operations } from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { createTeam, putTeamMember } from '../support/teams';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

/** The member's team count, in the member list and on the member itself. */
async function teamCountOf(org: TestOrganization, member: TestMember): Promise<number> {
  const organizationId = org.organization.id;
  const list = await quire.callOperation(operations.orgs.members.list, org.admin, {
    organizationId,
    limit: 100,
  });
  const listed = list.items.find((item) => item.id === member.user.id);
  const one = await quire.callOperation(operations.orgs.members.get, org.admin, {
    organizationId,
    userId: member.user.id,
  });
  expect(one.teams).toBe(listed?.teams);
  return one.teams;
}

/** The member's `ownTeam` permission, on the organization and in their list of organizations. */
async function ownTeamOf(org: TestOrganization, member: TestMember): Promise<boolean> {
  const one = await quire.callOperation(operations.orgs.get, member, { organizationId: org.organization.id });
  const list = await quire.callOperation(operations.orgs.list, member, {});
  const listed = list.items.find((item) => item.id === org.organization.id);
  expect(listed?.permissions.ownTeam).toBe(one.permissions.ownTeam);
  return one.permissions.ownTeam;
}

const removeFromTeam = (org: TestOrganization, teamId: string, member: TestMember) =>
  quire.callOperation(operations.orgs.teams.members.remove, org.admin, {
    organizationId: org.organization.id,
    teamId,
    userId: member.user.id,
  });

const removeTeam = (org: TestOrganization, teamId: string) =>
  quire.callOperation(operations.orgs.teams.remove, org.admin, {
    organizationId: org.organization.id,
    teamId,
  });

describe("a member's teams, seen from the organization", () => {
  it('count the teams the member is in as they join and leave them', async () => {
    const org = await createOrganization(quire);
    const member = await addMember(quire, org.organization.id, 'read');
    expect(await teamCountOf(org, member)).toBe(0);
    const first = await createTeam(quire, org, { title: 'First', members: [member.user.id] });
    const second = await createTeam(quire, org, { title: 'Second' });
    await putTeamMember(quire, org, second.id, member, 'member');
    await putTeamMember(quire, org, second.id, member, 'owner');
    expect(await teamCountOf(org, member)).toBe(2);
    await removeFromTeam(org, first.id, member);
    expect(await teamCountOf(org, member)).toBe(1);
    await removeFromTeam(org, first.id, member);
    expect(await teamCountOf(org, member)).toBe(1);
    await removeTeam(org, second.id);
    expect(await teamCountOf(org, member)).toBe(0);
  });

  it('give ownTeam to a team owner only while they own a team', async () => {
    const org = await createOrganization(quire);
    const member = await addMember(quire, org.organization.id, 'read');
    const team = await createTeam(quire, org, { title: 'T' });
    const other = await createTeam(quire, org, { title: 'Other' });
    await putTeamMember(quire, org, team.id, member, 'member');
    expect(await ownTeamOf(org, member)).toBe(false);
    await putTeamMember(quire, org, team.id, member, 'owner');
    expect(await ownTeamOf(org, member)).toBe(true);
    await putTeamMember(quire, org, team.id, member, 'member');
    expect(await ownTeamOf(org, member)).toBe(false);

    await putTeamMember(quire, org, other.id, member, 'owner');
    expect(await ownTeamOf(org, member)).toBe(true);
    await removeFromTeam(org, other.id, member);
    expect(await ownTeamOf(org, member)).toBe(false);

    await putTeamMember(quire, org, team.id, member, 'owner');
    expect(await ownTeamOf(org, member)).toBe(true);
    await removeTeam(org, team.id);
    expect(await ownTeamOf(org, member)).toBe(false);
  });

  it('start over when a member leaves the organization and joins again', async () => {
    const org = await createOrganization(quire);
    const member = await addMember(quire, org.organization.id, 'read');
    const team = await createTeam(quire, org, { title: 'T' });
    await putTeamMember(quire, org, team.id, member, 'owner');
    await quire.callOperation(operations.orgs.members.remove, org.admin, {
      organizationId: org.organization.id,
      userId: member.user.id,
    });
    const rejoined = await addOrganizationMember(quire.services, {
      organizationId: org.organization.id,
      user: member.user,
      role: 'read',
    });
    const again = { ...member, member: rejoined };
    expect(await teamCountOf(org, again)).toBe(0);
    expect(await ownTeamOf(org, again)).toBe(false);
  });
});
