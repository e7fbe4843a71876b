/**
 * Presenting pages of organizations and members. A membership carries most of what they
 * show of related data (its team ids and owned team ids, a copy of its user), so a page
 * costs one query (the caller's memberships for organizations; the space grants of the
 * page's people for members), never one per item.
 */
import type { DomainServices } from '../core/context';
import type { UserView } from '../identity';
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
  const members = memberships ?? (ids.length ? await services.repos.members.findForUser(userId, ids) : []);
  const memberOf = new Map(members.map((member) => [member.organizationId, member]));
  return (organization) =>
    presentOrganization(
      services.urls,
      organization,
      organizationPermissions({ member: memberOf.get(organization.id) ?? null }),
    );
}

/**
 * A presenter of members of one organization: what they show is on the membership (its user
 * copy, its team ids) but for the number of spaces granted to each, read for all at once.
 * `view` is how the caller sees the organization's people (`userViewIn` of their membership):
 * a guest shown people (a team's, a discussion's) sees no email.
 */
export async function memberPresenterFor(
  services: Services,
  organizationId: string,
  members: readonly MemberRecord[],
  view: UserView,
): Promise<(member: MemberRecord) => Member> {
  const spaces = await services.repos.contentGrants.countSpaceGrantsOfUsers(
    organizationId,
    members.map((member) => member.userId),
  );
  return (member) => presentMember(services.urls, member, spaces.get(member.userId) ?? 0, view);
}

/**
 * One member, whole: for the caller themselves and for who may list the members (reading
 * one, changing one), who see every member with their email.
 */
export async function presentOneMember(services: Services, member: MemberRecord): Promise<Member> {
  return (await memberPresenterFor(services, member.organizationId, [member], 'full'))(member);
}
