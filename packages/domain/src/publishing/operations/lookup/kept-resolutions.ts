/**
 * What the URL lookup resolved for a visitor that proves nothing (no caller, no visitor
 * token: a renderer's anonymous reader, with or without unsigned claims or a share key), kept
 * per (URL, visitor type, unsigned claims): the section, site space, space, revision and paths
 * of the answer, and what its site API token names. Everything such an answer depends on is
 * checked again on every use, so a kept answer is never a stale one:
 *
 * - the site the URL is served from, read as before (`siteServedAt`: its stamp from the
 *   store, so a rename, a move of its address, another site taking the host are seen), at
 *   the same version (a publish, a visibility change, a share link deactivated, a section or
 *   site space renamed or moved, conditions, the adaptive schema: each is a new version);
 * - its organization still standing (one point read, as `visitSite` reads it);
 * - every space the visit was shown, as it was (`lookupStampsByIds`: still stored, not
 *   deleted, in the site's organization, at the same current revision).
 *
 * What a visitor token or a member's credential proves depends on time and on other records
 * (expiry, membership): those lookups are not kept. The site API token is not kept here
 * either: `issueSiteApiToken` hands out one per payload, reused for its first five minutes.
 * One cache per store (`repos.sites`, as `site-record-cache.ts`), bounded by count and size.
 */
import { BoundedCache } from '../../../core/bounded-cache';
import type { OperationContext } from '../../../core/context';
import type { SiteRecord } from '../../records';
import type { SiteTokenSubject } from '../../site-api-token';
import type { PublishedSiteContent } from './published-content-lookup-schema';

export interface KeptResolution {
  siteId: string;
  siteVersion: number;
  /** The ids of the spaces the visit was shown, as they were read. */
  spaceIds: readonly string[];
  /** Each stored one's stamp, by id: a space missing then is missing here. */
  spaceStamps: ReadonlyMap<string, SpaceStamp>;
  /** The answer, its `apiToken` empty (in its place, so the answer's fields keep their order). */
  answer: Readonly<PublishedSiteContent>;
  token: SiteTokenSubject;
}

/** The input fields a kept answer depends on: only for visitors proving nothing. */
export interface AnonymousLookup {
  url: string;
  visitor?: { type?: 'human' | 'agent'; jwtToken?: string; unsignedClaims?: Record<string, unknown> };
}

const MAX_ENTRIES = 5000;
const MAX_WEIGHT = 16 * 1024 * 1024;

type Kept = BoundedCache<string, { resolution: KeptResolution; weight: number }>;
const keptByRepository = new WeakMap<object, Kept>();

function keptOf(ctx: Pick<OperationContext, 'repos'>): Kept {
  let kept = keptByRepository.get(ctx.repos.sites);
  if (!kept) {
    kept = new BoundedCache({
      maxEntries: MAX_ENTRIES,
      maxWeight: MAX_WEIGHT,
      weigh: ({ weight }) => weight,
    });
    keptByRepository.set(ctx.repos.sites, kept);
  }
  return kept;
}

/** The key of a lookup that may be kept; undefined when its answer depends on more than its input and the store. */
export function keptResolutionKey(
  ctx: Pick<OperationContext, 'caller' | 'visitorToken'>,
  input: AnonymousLookup,
): string | undefined {
  if (ctx.caller !== null || ctx.visitorToken !== undefined || input.visitor?.jwtToken !== undefined)
    return undefined;
  const claims = input.visitor?.unsignedClaims;
  return `${input.url}\u0000${input.visitor?.type ?? ''}\u0000${claims === undefined ? '' : JSON.stringify(claims)}`;
}

/** What a space's stamp says of it: its organization, its current revision, whether it was deleted. */
export interface SpaceStamp {
  organizationId: string;
  revisionId?: string;
  deletedAt?: string;
}

/** The stamp of `space` alone (not the rest of its record), to keep. */
export const stampOf = ({ organizationId, revisionId, deletedAt }: SpaceStamp): SpaceStamp => ({
  organizationId,
  revisionId,
  deletedAt,
});

// Compared field by field: a text of the three per space, built on every use, was a tenth of
// a kept lookup's allocation.
const sameStamp = (kept: SpaceStamp | undefined, now: SpaceStamp): boolean =>
  kept !== undefined &&
  kept.organizationId === now.organizationId &&
  kept.revisionId === now.revisionId &&
  kept.deletedAt === now.deletedAt;

/**
 * The kept resolution of `key` for this site, when nothing it depends on changed since (see
 * above); undefined otherwise (the lookup then resolves it again).
 */
export async function keptResolution(
  ctx: Pick<OperationContext, 'repos'>,
  key: string,
  site: SiteRecord,
): Promise<KeptResolution | undefined> {
  const resolution = keptOf(ctx).get(key)?.resolution;
  if (resolution === undefined || resolution.siteId !== site.id || resolution.siteVersion !== site.version)
    return undefined;
  const [organizationStands, stamps] = await Promise.all([
    ctx.repos.organizations.isStanding(site.organizationId),
    ctx.repos.spaces.lookupStampsByIds(resolution.spaceIds),
  ]);
  if (!organizationStands || stamps.length !== resolution.spaceStamps.size) return undefined;
  for (const stamp of stamps) if (!sameStamp(resolution.spaceStamps.get(stamp.id), stamp)) return undefined;
  return resolution;
}

export function keepResolution(
  ctx: Pick<OperationContext, 'repos'>,
  key: string,
  resolution: KeptResolution,
): void {
  keptOf(ctx).set(key, { resolution, weight: 2 * key.length + 4096 });
}
