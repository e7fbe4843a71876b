/** Teams for tests, made with the domain's own operations as the organization's admin. */
import { operations, type TeamRole } from '@quire/domain';
import type { TestMember, TestOrganization } from './factories';
import type { QuireUnderTest } from './test-domain';

type Quire = Pick<QuireUnderTest, 'callOperation'>;

/** Creates a team, with members of the organization (user ids); returns the Team resource. */
export function createTeam(quire: Quire, org: TestOrganization, body: { title: string; members?: string[] }) {
  return quire.callOperation(operations.orgs.teams.create, org.admin, {
    organizationId: org.organization.id,
    ...body,
  });
}

/** Puts a member of the organization in a team with a role. */
export async function putTeamMember(
  quire: Quire,
  org: TestOrganization,
  teamId: string,
  member: TestMember,
  role: TeamRole,
): Promise<void> {
  await quire.callOperation(operations.orgs.teams.members.put, org.admin, {
    organizationId: org.organization.id,
    teamId,
    userId: member.user.id,
    role,
  });
}
