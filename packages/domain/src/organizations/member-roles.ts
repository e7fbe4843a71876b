/**
 * Changing a member's role and removing a member, under the one invariant of memberships:
 * an organization always keeps at least one admin.
 *
 * Without transactions, the organization's `adminCount` is the guard: an admin's demotion or
 * removal first takes one off the counter on the condition that one admin remains (an atomic
 * compare), then changes the membership by compare-and-set on the role it read. When the
 * membership changed in between, the counter is given back and the step is retried against
 * the new state, so the counter and the roles never drift apart.
 */

import type { DomainServices } from '../core/context';
import { conflict, type DomainError } from '../core/errors';
import type { RoleOrGuest } from '../core/schemas';
import type { MemberRecord } from './records';

const ATTEMPTS = 5;

export const lastAdminError = (): DomainError =>
  conflict('An organization needs at least one admin: make another member an admin first');

const retriesExhausted = (): DomainError =>
  conflict('The membership kept changing while it was being updated; try again');

/** Runs `change` with the admin counter lowered when an admin loses the role; gives it back when `change` fails. */
async function withAdminSeatReleased<T>(
  services: DomainServices,
  organizationId: string,
  releases: boolean,
  change: () => Promise<T | null>,
): Promise<T | null> {
  if (releases && !(await services.repos.organizations.decrementAdminCountKeepingOne(organizationId))) {
    throw lastAdminError();
  }
  const result = await change();
  if (releases && result === null)
    await services.repos.organizations.adjustCounts(organizationId, { admins: 1 });
  return result;
}

/**
 * Sets a member's role (null: guest). Returns the updated member, or null when the user is
 * not a member. Refuses (Conflict) to take the role of the organization's last admin.
 */
export async function changeMemberRole(
  services: DomainServices,
  input: { organizationId: string; userId: string; role: RoleOrGuest },
): Promise<MemberRecord | null> {
  const { organizationId, userId, role } = input;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await services.repos.members.find(organizationId, userId);
    if (!current) return null;
    if (current.role === role) return current;
    const losesAdmin = current.role === 'admin';
    const updated = await withAdminSeatReleased(services, organizationId, losesAdmin, () =>
      services.repos.members.updateRoleIf(organizationId, userId, current.role, role),
    );
    if (updated) {
      if (role === 'admin') await services.repos.organizations.adjustCounts(organizationId, { admins: 1 });
      return updated;
    }
  }
  throw retriesExhausted();
}

/**
 * Removes a membership, the user's team memberships with it. Returns false when the user
 * was not a member. Refuses (Conflict) to remove the organization's last admin.
 */
export async function removeOrganizationMember(
  services: DomainServices,
  input: { organizationId: string; userId: string },
): Promise<boolean> {
  const { organizationId, userId } = input;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await services.repos.members.find(organizationId, userId);
    if (!current) return false;
    const removed = await withAdminSeatReleased(
      services,
      organizationId,
      current.role === 'admin',
      async () =>
        (await services.repos.members.deleteIf(organizationId, userId, current.role)) ? true : null,
    );
    if (removed) {
      await Promise.all([
        services.repos.organizations.adjustCounts(organizationId, { members: -1 }),
        services.repos.teams.removeMemberFromAllTeams(organizationId, userId),
      ]);
      return true;
    }
  }
  throw retriesExhausted();
}
