/**
 * The role a site API token's bearer (`Caller.site`: a visitor of one published site) has on
 * a space, computed in this one place beside the members' `effectiveRole`, and the revisions
 * of that space the bearer may read. `siteTokenRole` is pure: the grant was checked against
 * the site when the request came (`authenticateSiteToken`).
 *
 * The rules of the role:
 * 1. A deleted space: nothing (404), even the token's own.
 * 2. A space of another organization than the site's: nothing (404).
 * 3. A space the site does not show this visitor (not in the grant's `spaceIds`: not on the
 *    site, or behind a condition their claims fail): nothing (404).
 * 4. Otherwise 'read': the space, its revisions, pages, files and search, never more. What a
 *    token may run at all (no writes, reads of live content only) is `core/site-token-gate.ts`.
 *
 * The rules of the revisions (`siteTokenMayReadRevision`): a visitor reads what the space
 * published, never a draft, so of a space the token reads:
 * 5. the space's current revision: yes (what a renderer reads: the lookup's `revision`);
 * 6. a change request's own revision (its edits, or an update from the space; a merge is the
 *    space's): no, whoever learnt its id;
 * 7. another revision: yes when it is on the space's line (the current revision's first
 *    parents: its published history), no otherwise (a merge or an edit written and then left
 *    unreferenced by a race). The line is walked back at most `MAX_HISTORY_WALK` revisions,
 *    so one request costs a bounded number of reads: older history is not served to a visitor.
 *
 * And of what a read embeds:
 * 8. a change request (a merge revision's `mergedFrom`: its subject, description, people and
 *    addresses): never. A change request is no published content; the gate refuses a visitor
 *    every change-request read (`core/site-token-gate.ts`), and what a read embeds shows no more.
 * 9. a file or a reusable content of a revision it reads (listed, got, or named by the revision,
 *    its changes): only one that content the visitor can read references — a page of the
 *    revision as resolved for their claims (an `if` block whose condition fails is not content
 *    they read), its cover, the reusable contents it includes (and theirs). Any other is absent
 *    from lists and a 404 by id, its download address with it: a file only an `if` block the
 *    visitor fails shows, or no page shows, is no published content. What the content
 *    references is gathered once per revision and per set of conditions that hold
 *    (`content/reusable-contents/shown-references.ts`); members see every file.
 */
import type { RevisionRecord } from '../content/revisions/records';
import type { Caller, DomainServices, SiteVisitorGrant } from '../core/context';
import type { Role } from '../core/schemas';

export interface SiteTokenSpace {
  id: string;
  organizationId: string;
  deletedAt?: string | undefined;
}

/** Whether a change request may be embedded in what the caller reads (rule 8). */
export function seesChangeRequests(caller: Pick<Caller, 'site'> | null | undefined): boolean {
  return caller?.site === undefined; // 8
}

/**
 * Whether the caller is shown a file or reusable content of a revision (rule 9): `referenced`
 * holds the ids the content a site token's visitor reads references (for anyone else: unused).
 */
export function siteTokenSeesReferenced(
  caller: Pick<Caller, 'site'> | null | undefined,
  referenced: ReadonlySet<string>,
  id: string,
): boolean {
  if (caller?.site === undefined) return true;
  return referenced.has(id); // 9
}

export function siteTokenRole(grant: SiteVisitorGrant, space: SiteTokenSpace): Role | null {
  if (space.deletedAt !== undefined) return null; // 1
  if (space.organizationId !== grant.organizationId) return null; // 2
  if (!grant.spaceIds.includes(space.id)) return null; // 3
  return 'read'; // 4
}

/**
 * How many revisions back from the current one a visitor's read may name (rule 7). The worst
 * case of one read naming a revision: `MAX_HISTORY_WALK + 2` point reads of revisions (the
 * current one, then one per first parent); the current revision, which is what a renderer
 * reads, and a change request's own revision cost none.
 */
export const MAX_HISTORY_WALK = 1000;

type LineRevision = Pick<RevisionRecord, 'id' | 'parents' | 'depth'>;

/**
 * Whether a site API token's visitor may read `revision` of `space` (rules 5-7). `space` is
 * the space's record (its `revisionId`: the current revision; none yet: the unwritten first
 * one, whose id is the space's).
 */
export async function siteTokenMayReadRevision(
  services: Pick<DomainServices, 'repos'>,
  space: { id: string; revisionId?: string | undefined },
  revision: Pick<RevisionRecord, 'id' | 'depth' | 'kind' | 'changeRequestId'>,
): Promise<boolean> {
  const current = space.revisionId ?? space.id;
  if (revision.id === current) return true; // 5
  if (revision.changeRequestId !== undefined && revision.kind !== 'merge') return false; // 6
  let step: LineRevision | null = await services.repos.revisions.findById(space.id, current);
  for (let walked = 0; step && walked <= MAX_HISTORY_WALK; walked++) {
    if (step.id === revision.id) return true; // 7
    if (step.depth <= revision.depth) return false;
    const parent: string | undefined = step.parents[0];
    step = parent === undefined ? null : await services.repos.revisions.findById(space.id, parent);
  }
  return false;
}
