/**
 * Gathers the inputs of `effectiveRole` for many spaces or collections at once: one query
 * for the person's memberships; alongside the ancestors, their teams (from the membership
 * when it lists them, else one query per organization); two queries for the ancestor
 * collections of the whole page, however deep (the parents, then every collection they
 * list as ancestors); and one per organization for the grants on every item and ancestor.
 * Never one query per item, nor per level, nor per team.
 */

import type { CollectionRecord } from '../content/collections/records';
import type { ContentGrantRecord } from '../content/grants/records';
import type { DefaultLevel } from '../content/spaces/records';
import type { DomainServices } from '../core/context';
import type { Role } from '../core/schemas';
import type { MemberRecord } from '../organizations/records';
import { loadCollectionChains } from './collection-chain';
import { effectiveRole } from './effective-role';

/** What the rules need of a space or a collection. */
export interface ContentItem {
  id: string;
  organizationId: string;
  parentId?: string | undefined;
  defaultLevel: DefaultLevel;
}

export type ContentKind = ContentGrantRecord['target']['kind'];

const targetKey = (target: ContentGrantRecord['target']): string => `${target.kind}:${target.id}`;

/**
 * Loads every ancestor collection of the items: two queries for the whole list, whatever
 * the depth (see `loadCollectionChains`). Collections of another organization never count
 * as ancestors (`chainOf` stops there).
 */
export function loadAncestors(
  services: Pick<DomainServices, 'repos'>,
  items: readonly ContentItem[],
): Promise<Map<string, CollectionRecord>> {
  return loadCollectionChains(
    services,
    items.flatMap((item) => (item.parentId ? [item.parentId] : [])),
  );
}

/** The item and its ancestor collections, nearest first (stops at a missing or foreign parent). */
export function chainOf(item: ContentItem, ancestors: ReadonlyMap<string, CollectionRecord>): ContentItem[] {
  const chain: ContentItem[] = [item];
  const seen = new Set<string>();
  let parentId = item.parentId;
  while (parentId && !seen.has(parentId)) {
    seen.add(parentId);
    const parent = ancestors.get(parentId);
    if (!parent || parent.organizationId !== item.organizationId) break;
    chain.push(parent);
    parentId = parent.parentId;
  }
  return chain;
}

const activeMember = (member: MemberRecord | undefined): MemberRecord | null =>
  member && !member.disabled ? member : null;

/**
 * The effective role of `userId` on each item (items of `kind`); items the person cannot
 * reach at all are absent from the map.
 */
export async function effectiveRolesFor(
  services: Pick<DomainServices, 'repos'>,
  kind: ContentKind,
  items: readonly ContentItem[],
  userId: string,
): Promise<Map<string, Role>> {
  return (await effectiveAccessFor(services, kind, items, userId)).roles;
}

export interface EffectiveAccess {
  /** The role on each item the person reaches (others are absent). */
  roles: Map<string, Role>;
  /** The person's active memberships read on the way, by organization (the guards read them too). */
  memberOf: Map<string, MemberRecord | null>;
}

/** `effectiveRolesFor`, with the memberships it read. */
export async function effectiveAccessFor(
  services: Pick<DomainServices, 'repos'>,
  kind: ContentKind,
  items: readonly ContentItem[],
  userId: string,
): Promise<EffectiveAccess> {
  const roles = new Map<string, Role>();
  if (items.length === 0) return { roles, memberOf: new Map() };
  const organizationIds = [...new Set(items.map((item) => item.organizationId))];
  const memberships = await services.repos.members.findForUser(userId, organizationIds);
  const memberOf = new Map(memberships.map((m) => [m.organizationId, activeMember(m)]));

  // Admins need nothing more; non-members get nothing.
  const rest: ContentItem[] = [];
  for (const item of items) {
    const member = memberOf.get(item.organizationId);
    if (!member) continue;
    if (member.role === 'admin') roles.set(item.id, 'admin');
    else rest.push(item);
  }
  if (rest.length === 0) return { roles, memberOf };

  const restOrganizations = [...new Set(rest.map((item) => item.organizationId))];
  // A membership carries its person's team ids (kept by the team repository).
  const teamIdsByOrganization = new Map(
    restOrganizations.map((organizationId) => [organizationId, memberOf.get(organizationId)?.teamIds ?? []]),
  );
  const ancestors = await loadAncestors(services, rest);

  const chains = new Map(rest.map((item) => [item.id, chainOf(item, ancestors)]));
  const grants = await Promise.all(
    restOrganizations.map((organizationId) => {
      const targets = new Map<string, ContentGrantRecord['target']>();
      for (const item of rest) {
        if (item.organizationId !== organizationId) continue;
        for (const [i, link] of (chains.get(item.id) ?? []).entries()) {
          const target = { kind: i === 0 ? kind : ('collection' as const), id: link.id };
          targets.set(targetKey(target), target);
        }
      }
      return services.repos.contentGrants.findForPrincipals(
        organizationId,
        [...targets.values()],
        userId,
        teamIdsByOrganization.get(organizationId) ?? [],
      );
    }),
  );
  const grantsOn = new Map<string, Role[]>();
  for (const grant of grants.flat()) {
    const key = targetKey(grant.target);
    const roles = grantsOn.get(key);
    if (roles) roles.push(grant.role);
    else grantsOn.set(key, [grant.role]);
  }

  for (const item of rest) {
    const chain = chains.get(item.id) ?? [item];
    const role = effectiveRole({
      member: memberOf.get(item.organizationId) ?? null,
      levels: chain.map((link) => link.defaultLevel),
      grants: chain.flatMap(
        (link, i) => grantsOn.get(targetKey({ kind: i === 0 ? kind : 'collection', id: link.id })) ?? [],
      ),
    });
    if (role) roles.set(item.id, role);
  }
  return { roles, memberOf };
}
