/**
 * The effective roles of many people on one space or collection: for pages of people (the
 * aggregate of who can access an item), and for whom a writer may name in a space
 * (`people-in-sight.ts`). `content-access.ts` gathers the inputs of
 * `effectiveRole` for one person on many items; this gathers them for one item and many
 * people, and the rules stay in `effectiveRole` alone.
 *
 * Read once per request, whatever the number of people: the item's ancestor collections
 * (`loadAncestors`: two queries) and every grant on the item and on each ancestor (two
 * reads per link of the chain, users and teams, in parallel; one more per 1,000 grants on
 * one link). A membership carries its team ids, so each person's role is then computed in
 * memory: no query per person, nor per page.
 */
import type { ContentGrantRecord } from '../content/grants/records';
import type { DefaultLevel } from '../content/spaces/records';
import type { DomainServices } from '../core/context';
import { MAX_PAGE_LIMIT, type PageRequest } from '../core/paging';
import type { Role } from '../core/schemas';
import type { MemberRecord } from '../organizations/records';
import { type ContentItem, type ContentKind, chainOf, loadAncestors } from './content-access';
import { effectiveRole } from './effective-role';

/** What `effectiveRole` needs of one item, for anyone. */
export interface RolesOnItem {
  /** Default levels of the item and its ancestor collections, nearest first. */
  levels: readonly DefaultLevel[];
  /** Roles granted on the item or an ancestor, by the id of the user or the team holding them. */
  grantsTo: { user: ReadonlyMap<string, Role[]>; team: ReadonlyMap<string, Role[]> };
}

/** Every grant on one target to principals of one kind, 1,000 per read. */
async function allGrantsOn(
  ctx: Pick<DomainServices, 'repos'>,
  target: ContentGrantRecord['target'],
  principalKind: ContentGrantRecord['principal']['kind'],
): Promise<ContentGrantRecord[]> {
  const grants: ContentGrantRecord[] = [];
  let page: PageRequest = { limit: MAX_PAGE_LIMIT };
  for (;;) {
    const slice = await ctx.repos.contentGrants.listForTarget(target, principalKind, page);
    grants.push(...slice.items);
    if (!slice.next) return grants;
    page = { limit: MAX_PAGE_LIMIT, after: slice.next };
  }
}

export async function loadRolesOnItem(
  ctx: Pick<DomainServices, 'repos'>,
  kind: ContentKind,
  item: ContentItem,
): Promise<RolesOnItem> {
  const chain = chainOf(item, await loadAncestors(ctx, [item]));
  const targets = chain.map((link, i) => ({ kind: i === 0 ? kind : ('collection' as const), id: link.id }));
  const grants = await Promise.all(
    targets.flatMap((target) => [allGrantsOn(ctx, target, 'user'), allGrantsOn(ctx, target, 'team')]),
  );
  const grantsTo = { user: new Map<string, Role[]>(), team: new Map<string, Role[]>() };
  for (const grant of grants.flat()) {
    const holder = grantsTo[grant.principal.kind];
    holder.set(grant.principal.id, [...(holder.get(grant.principal.id) ?? []), grant.role]);
  }
  return { levels: chain.map((link) => link.defaultLevel), grantsTo };
}

/** The effective role of a member of the item's organization; null when they cannot access it. */
export function roleOfMember(rules: RolesOnItem, member: MemberRecord): Role | null {
  return effectiveRole({
    // `effectiveRole` takes null for whoever is not an active member.
    member: member.disabled ? null : member,
    levels: rules.levels,
    grants: [
      ...(rules.grantsTo.user.get(member.userId) ?? []),
      ...member.teamIds.flatMap((teamId) => rules.grantsTo.team.get(teamId) ?? []),
    ],
  });
}
