/**
 * The role a site API token's bearer (`Caller.site`: a visitor of one published site) has on
 * a space, computed in this one place beside the members' `effectiveRole`. Pure: the grant
 * was checked against the site when the request came (`authenticateSiteToken`).
 *
 * The rules:
 * 1. A deleted space: nothing (404), even the token's own.
 * 2. A space of another organization than the site's: nothing (404).
 * 3. A space the site does not show this visitor (not in the grant's `spaceIds`: not on the
 *    site, or behind a condition their claims fail): nothing (404).
 * 4. Otherwise 'read': the space, its revisions, pages, files and search, never more. What a
 *    token may run at all (no writes, reads of live content only) is `core/site-token-gate.ts`.
 */
import type { SiteVisitorGrant } from '../core/context';
import type { Role } from '../core/schemas';

export interface SiteTokenSpace {
  id: string;
  organizationId: string;
  deletedAt?: string | undefined;
}

export function siteTokenRole(grant: SiteVisitorGrant, space: SiteTokenSpace): Role | null {
  if (space.deletedAt !== undefined) return null; // 1
  if (space.organizationId !== grant.organizationId) return null; // 2
  if (!grant.spaceIds.includes(space.id)) return null; // 3
  return 'read'; // 4
}
