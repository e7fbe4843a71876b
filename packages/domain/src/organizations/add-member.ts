import type { DomainServices } from '../core/context';
import { notFound } from '../core/errors';
import type { RoleOrGuest } from '../core/schemas';
import type { UserRecord } from '../identity';
import type { MemberAddedEvent } from './member-events';
import type { MemberRecord } from './records';

/**
 * Makes a user a member of an organization with a role (null: a guest). Raises Conflict
 * when the user is a member already (the membership's unique key decides under races).
 * The user's sessions are left as they are: one an identity provider opened reaches the
 * organization only if it trusts the provider's authority (`policies/session-reach.ts`).
 * The organization's member and admin counters follow, then `member.added` is published.
 */
export async function addOrganizationMember(
  services: DomainServices,
  input: { organizationId: string; user: UserRecord; role: RoleOrGuest; sso?: boolean },
): Promise<MemberRecord> {
  if (!(await services.repos.organizations.findById(input.organizationId))) throw notFound('Organization');
  const member: MemberRecord = {
    organizationId: input.organizationId,
    userId: input.user.id,
    role: input.role,
    disabled: false,
    sso: input.sso ?? false,
    joinedAt: services.clock.now().toISOString(),
    user: {
      displayName: input.user.displayName,
      email: input.user.email,
      ...(input.user.photoURL ? { photoURL: input.user.photoURL } : {}),
    },
    teamIds: [],
    ownedTeamIds: [],
  };
  await services.repos.members.insert(member);
  await services.repos.organizations.adjustCounts(input.organizationId, {
    members: 1,
    admins: input.role === 'admin' ? 1 : 0,
  });
  // For whoever follows (webhooks); the membership is written whatever happens to the event.
  const event: MemberAddedEvent = {
    id: services.ids.newId(),
    type: 'member.added',
    at: member.joinedAt,
    actorId: null,
    organizationId: input.organizationId,
    spaceId: null,
    userId: input.user.id,
    role: input.role,
  };
  await services.events.publish(event).catch(() => {});
  return member;
}
