/**
 * The effective role of a person on a space or a collection, computed in this one place.
 * Pure: the loaders (`content-access.ts`) gather its inputs in batch.
 *
 * The rules:
 * 1. Only active members of the organization have any access (others: null, hence 404).
 * 2. Organization admins are admin on every space and collection.
 * 3. Other members (not guests) get the default level: the item's own `defaultLevel`, or,
 *    while it is 'inherit', its parent collection's, and so on up; when every level up
 *    the chain inherits, their organization role. A role level replaces the organization
 *    role (it may open content to everyone, or restrict it); a null level gives nothing.
 * 4. Guests get no default level at all: only grants.
 * 5. Grants to the person, or to any of their teams, on the item or on any ancestor
 *    collection apply too: the effective role is the strongest of the default level and
 *    the grants. A grant raises, never lowers.
 */

import type { DefaultLevel } from '../content/spaces/records';
import { type Role, type RoleOrGuest, strongerRole } from '../core/schemas';

export interface EffectiveRoleInput {
  /** The person's membership of the item's organization; null when not an active member. */
  member: { role: RoleOrGuest } | null;
  /** Default levels from the item itself up through its ancestor collections, nearest first. */
  levels: readonly DefaultLevel[];
  /** Roles granted to the person or their teams on the item or any of its ancestor collections. */
  grants: readonly Role[];
}

/** The level members get from the chain: the nearest level that does not inherit. */
export function resolveDefaultLevel(levels: readonly DefaultLevel[], organizationRole: Role): Role | null {
  for (const level of levels) if (level !== 'inherit') return level;
  return organizationRole;
}

export function effectiveRole({ member, levels, grants }: EffectiveRoleInput): Role | null {
  if (member === null) return null;
  if (member.role === 'admin') return 'admin';
  const base = member.role === null ? null : resolveDefaultLevel(levels, member.role);
  return grants.reduce<RoleOrGuest>((best, grant) => strongerRole(best, grant), base);
}
