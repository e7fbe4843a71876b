/**
 * The part of a site's structure a visitor's claims show (`visibleStructure` with the site's
 * compiled conditions), kept per site version and claims: a renderer asks the lookup for every
 * page a visitor opens, and every request of their site API token checks the visit again, with
 * the same claims against the same version. A site's version changes with every change to it,
 * its structure, conditions and schema included, so a kept structure is exact; the claims are
 * the key as written (JSON), so only equal claims share one. Frozen: shared between requests.
 */
import { BoundedCache } from '../core/bounded-cache';
import type { SiteRecord } from './records';
import { conditionTestsOf } from './site-conditions';
import type { Structure } from './site-structure';
import { visibleStructure } from './visible-structure';

const MAX_KEPT = 2000;
/** Claims longer than this as JSON are not kept (bounded at 200 values, they rarely are). */
const MAX_KEY_CLAIMS = 4096;

const kept = new BoundedCache<string, { site: SiteRecord; structure: Structure }>(MAX_KEPT);

/** What `claims` are shown of the site at its version. */
export function structureShownTo(site: SiteRecord, claims: Record<string, unknown>): Structure {
  const claimsKey = JSON.stringify(claims);
  if (claimsKey.length > MAX_KEY_CLAIMS)
    return visibleStructure(site.structure, conditionTestsOf(site), claims);
  const key = `${site.id}\u0000${site.version}\u0000${claimsKey}`;
  const held = kept.get(key);
  // The very record it was made from (a test's two stores may hold a site of the same id and version).
  if (held && held.site.structure === site.structure) return held.structure;
  const structure = Object.freeze(visibleStructure(site.structure, conditionTestsOf(site), claims));
  kept.set(key, { site, structure });
  return structure;
}
