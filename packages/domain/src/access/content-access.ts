/**
 * Gathers the inputs of `effectiveRole` for many spaces or collections at once: one query
 * for the person's memberships, one per organization for their teams (alongside the
 * ancestors), one per level of ancestor collections (walking up the whole page together),
 * and one per organization for the grants on every item and ancestor. Never one query per
 * item.
 */
import type { CollectionRecord } from '../collections/records';
import type { DomainServices } from '../operation/context';
import type { MemberRecord } from '../organizations/records';
import type { Role } from '../schemas/common';
import type { DefaultLevel } from '../spaces/records';
import { effectiveRole } from './effective-role';
import type { ContentGrantRecord } from './records';

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
 * Loads every ancestor collection of the items, level by level: one query per level for
 * the whole list. Collections of another organization never count as ancestors.
 */
export async function loadAncestors(
  services: Pick<DomainServices, 'repos'>,
  items: readonly ContentItem[],
): Promise<Map<string, CollectionRecord>> {
  const loaded = new Map<string, CollectionRecord>();
  let pending = new Set(items.flatMap((item) => (item.parentId ? [item.parentId] : [])));
  while (pending.size > 0) {
    const found = await services.repos.collections.findByIds([...pending]);
    for (const collection of found) loaded.set(collection.id, collection);
    // A visited id is never asked for twice, so a corrupt cycle ends the walk too.
    pending = new Set(found.flatMap((c) => (c.parentId && !loaded.has(c.parentId) ? [c.parentId] : [])));
  }
  return loaded;
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
  const roles = new Map<string, Role>();
  if (items.length === 0) return roles;
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
  if (rest.length === 0) return roles;

  const restOrganizations = [...new Set(rest.map((item) => item.organizationId))];
  const [ancestors, teamIdsByOrganization] = await Promise.all([
    loadAncestors(services, rest),
    Promise.all(
      restOrganizations.map(async (organizationId) => {
        const memberships = await services.repos.teams.listMembershipsOfUser(organizationId, userId);
        return [organizationId, memberships.map((m) => m.teamId)] as const;
      }),
    ).then((entries) => new Map(entries)),
  ]);

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
    grantsOn.set(key, [...(grantsOn.get(key) ?? []), grant.role]);
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
  return roles;
}
