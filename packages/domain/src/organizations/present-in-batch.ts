/**
 * Presenting pages of organizations and members: the related data (the caller's
 * memberships and team ownerships, members' users and team counts) is loaded for the whole
 * page in one query each, never one per item.
 */
import type { UserRecord } from '../identity/records';
import type { DomainServices } from '../operation/context';
import { organizationPermissions } from '../policies/organization-policy';
import { type Member, presentMember } from './member-schema';
import { type Organization, presentOrganization } from './organization-schema';
import type { MemberRecord, OrganizationRecord } from './records';

type Services = Pick<DomainServices, 'repos' | 'urls'>;

/**
 * A presenter of organizations as `userId` sees them; `memberships` may be given when the
 * caller has them already (they are loaded otherwise). Non-members get no permission.
 */
export async function organizationPresenterFor(
  services: Services,
  userId: string,
  organizations: readonly OrganizationRecord[],
  memberships?: readonly MemberRecord[],
): Promise<(organization: OrganizationRecord) => Organization> {
  const ids = organizations.map((organization) => organization.id);
  const [members, owned] = await Promise.all([
    memberships ?? (ids.length ? services.repos.members.findForUser(userId, ids) : []),
    ids.length ? services.repos.teams.organizationsWithTeamsOwnedBy(userId, ids) : new Set<string>(),
  ]);
  const memberOf = new Map(members.map((member) => [member.organizationId, member]));
  return (organization) =>
    presentOrganization(
      services.urls,
      organization,
      organizationPermissions({
        member: memberOf.get(organization.id) ?? null,
        ownsTeam: owned.has(organization.id),
      }),
    );
}

/** A presenter of members of one organization, with their users and team counts loaded. */
export async function memberPresenterFor(
  services: Services,
  organizationId: string,
  members: readonly MemberRecord[],
): Promise<(member: MemberRecord) => Member> {
  const userIds = members.map((member) => member.userId);
  const [users, teamCounts] = userIds.length
    ? await Promise.all([
        services.repos.users.findByIds(userIds),
        services.repos.teams.countTeamsOfMembers(organizationId, userIds),
      ])
    : [[] as UserRecord[], new Map<string, number>()];
  const userOf = new Map(users.map((user) => [user.id, user]));
  return (member) =>
    presentMember(services.urls, member, {
      user: userOf.get(member.userId),
      teams: teamCounts.get(member.userId) ?? 0,
    });
}

export async function presentOneMember(services: Services, member: MemberRecord): Promise<Member> {
  return (await memberPresenterFor(services, member.organizationId, [member]))(member);
}
