/**
 * Presenting pages of organizations and members. A membership carries what they show of
 * related data (its team ids and owned team ids, a copy of its user), so the only query
 * is the caller's memberships for a page of organizations, never one per item.
 */
import type { DomainServices } from '../core/context';
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

/** A member as presented: everything shown is on the membership (its user copy, its team ids). */
export async function presentOneMember(services: Services, member: MemberRecord): Promise<Member> {
  return presentMember(services.urls, member);
}
