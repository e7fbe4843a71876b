/**
 * Sites as read by the published-URL lookup and by every request of a site API token, kept in
 * memory by version. A site's record is replaced whole with a new `version` on every change
 * (`update-site.ts`), so the record of a version never changes: the store is asked only which
 * version is current (`SiteStamp`, a few fields), and the record is read again only when that
 * version is not the one kept. Exact with several processes over one store: each asks the
 * store for the version on every use.
 *
 * The records handed out are shared and frozen (deeply): a reader that changes one throws
 * instead of changing what the next request sees. Bounded by count and by size (a site's
 * customization can be 256 KB).
 */
import { BoundedCache } from '../core/bounded-cache';
import type { SiteRepository, SiteStamp } from './ports';
import type { SiteRecord } from './records';

const MAX_SITES = 500;
const MAX_WEIGHT = 32 * 1024 * 1024;

type KeptSites = BoundedCache<string, { version: number; site: SiteRecord }>;

/** One cache per repository (per store): tests and benches run several servers in one process. */
const keptByRepository = new WeakMap<object, KeptSites>();

function keptOf(repository: object): KeptSites {
  let kept = keptByRepository.get(repository);
  if (!kept) {
    kept = new BoundedCache({
      maxEntries: MAX_SITES,
      maxWeight: MAX_WEIGHT,
      weigh: ({ site }) => weightOf(site),
    });
    keptByRepository.set(repository, kept);
  }
  return kept;
}

/** The site at the version the stamp names (or a newer one, when it changed since the stamp was read); null when gone. */
export async function siteAtStamp(
  repos: { sites: SiteRepository },
  stamp: SiteStamp,
): Promise<SiteRecord | null> {
  const kept = keptOf(repos.sites);
  const held = kept.get(stamp.id);
  if (held?.version === stamp.version) return held.site;
  const site = await repos.sites.findById(stamp.id);
  if (!site) return null;
  kept.set(site.id, { version: site.version, site: deepFreeze(site) });
  return site;
}

/** The site with this id at its current version, or null. */
export async function currentSite(
  repos: { sites: SiteRepository },
  siteId: string,
): Promise<SiteRecord | null> {
  const stamp = await repos.sites.stampById(siteId);
  return stamp ? siteAtStamp(repos, stamp) : null;
}

/** About the bytes a record holds in memory (its JSON's characters, two bytes each). */
const weightOf = (site: SiteRecord): number => 2 * JSON.stringify(site).length;

/** `value` and everything in it made read-only; for values shared by every request. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}
