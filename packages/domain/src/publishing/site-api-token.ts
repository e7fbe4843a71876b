/**
 * Site API tokens: the `apiToken` of a published-content lookup, a short-lived JWT (HS256,
 * the instance's key and issuer: `Secrets.signClaims`) in GitBook's `SiteAPIToken` shape —
 * `kind: 'site'`, `organization`, `site`, `siteSection`, `siteSpace`, `space`, `spaces` (every
 * space of the site the visitor is shown), `visitorType`, `claims` — plus how the visitor got
 * in (`admission`), so each request it makes is checked again.
 *
 * Sent as `Authorization: Bearer <token>`, it stands for a visitor of that one site
 * (`Caller.site`). `authenticateSiteToken` accepts it when, in order:
 *
 * 1. it verifies with the instance's key (not forged, not expired, HS256), is at most
 *    `MAX_SITE_TOKEN_LENGTH` long, and is a site token (`kind: 'site'`, a well-formed
 *    payload): a ping token or a site's visitor token is none;
 * 2. its site still exists, in the organization it names;
 * 3. the way it got in still lets the visitor in (`revisitSite`: still published with the
 *    same visibility, the share link still active, the site's visitor key not regenerated,
 *    the member still one who may view the site);
 * 4. the site still shows the visitor at least one of the token's spaces (conditions applied
 *    to the token's claims; for a member's preview, only spaces their role opens now).
 *
 * Otherwise the request is unauthenticated (401), as for a revoked API token. What the
 * visitor reads is then the spaces of rule 4 (never one the token did not name) and the site.
 */
import { z } from 'zod';
import { BoundedCache } from '../core/bounded-cache';
import type { Caller, DomainServices, SiteVisitorGrant } from '../core/context';
import type { SiteRecord } from './records';
import { spaceIdsOf } from './site-structure';
import { type Admission, readableSpaceIds, revisitSite, type SiteVisit } from './site-visitor';

/** How long a site API token lives: a renderer asks the lookup again for a fresh one. */
export const SITE_API_TOKEN_TTL_SECONDS = 15 * 60;
/** The longest site API token read (a visitor's claims ride in it). */
export const MAX_SITE_TOKEN_LENGTH = 16_384;

const IdText = z.string().min(1).max(64);

const AdmissionSchema = z.union([
  z.strictObject({ via: z.literal('open') }),
  z.strictObject({ via: z.literal('member'), subject: IdText }),
  z.strictObject({ via: z.literal('share-link'), shareLink: IdText }),
  z.strictObject({ via: z.literal('visitor-auth'), key: IdText }),
  z.strictObject({ via: z.literal('visitor-auth'), subject: IdText }),
]);

/** The payload as it is read back: GitBook's fields and Quire's `admission`; the JWT's own fields pass. */
const SiteTokenPayloadSchema = z.object({
  kind: z.literal('site'),
  organization: IdText,
  site: IdText,
  siteSection: IdText.optional(),
  siteSpace: IdText,
  space: IdText,
  spaces: z.array(IdText).max(1000),
  visitorType: z.enum(['human', 'agent']).optional(),
  claims: z.record(z.string(), z.unknown()).optional(),
  admission: AdmissionSchema,
});

export interface SiteTokenSubject {
  site: SiteRecord;
  siteSectionId: string | undefined;
  siteSpaceId: string;
  spaceId: string;
  /** The spaces the visit's structure shows, in order (`spaceIdsOf(visit.structure)`, as the lookup has them). */
  spaceIds: readonly string[];
  visit: Extract<SiteVisit, { shown: true }>;
  visitorType: 'human' | 'agent' | undefined;
}

/**
 * A token made for the same payload is handed out again for its first `REUSE_SECONDS` (it
 * then has at least ten minutes left), as GitBook's own tokens are minted per time bucket:
 * a renderer asks for every page it renders, and signing is most of a lookup's work. The
 * payload is everything the token says (visitor, claims, way in, spaces), so a token is
 * reused only for the very same visit; every request it makes is checked again anyway.
 */
const REUSE_SECONDS = 5 * 60;
type IssuedTokens = BoundedCache<string, { token: string; issuedAt: number }>;
/** One cache per signing key (per `Secrets`): a token is only ever handed out by the instance that signed it. */
const reusableBySigner = new WeakMap<object, IssuedTokens>();

function reusableOf(secrets: object): IssuedTokens {
  let cache = reusableBySigner.get(secrets);
  if (!cache) {
    cache = new BoundedCache({
      maxEntries: 5000,
      maxWeight: 16 * 1024 * 1024,
      weigh: ({ token }) => 2 * token.length,
    });
    reusableBySigner.set(secrets, cache);
  }
  return cache;
}

/** The token for a visit the lookup resolved. */
export async function issueSiteApiToken(
  services: Pick<DomainServices, 'secrets' | 'clock'>,
  subject: SiteTokenSubject,
): Promise<string> {
  const payload = siteTokenPayload(subject);
  const key = services.secrets.sha256(JSON.stringify(payload));
  const now = services.clock.now().getTime();
  const reusable = reusableOf(services.secrets);
  const kept = reusable.get(key);
  if (kept && now - kept.issuedAt < REUSE_SECONDS * 1000 && now >= kept.issuedAt) return kept.token;
  const token = await services.secrets.signClaims(payload, SITE_API_TOKEN_TTL_SECONDS);
  reusable.set(key, { token, issuedAt: now });
  return token;
}

function siteTokenPayload(subject: SiteTokenSubject): Record<string, unknown> {
  const { site, visit } = subject;
  return {
    kind: 'site',
    organization: site.organizationId,
    site: site.id,
    ...(subject.siteSectionId === undefined ? {} : { siteSection: subject.siteSectionId }),
    siteSpace: subject.siteSpaceId,
    space: subject.spaceId,
    spaces: subject.spaceIds,
    ...(subject.visitorType === undefined ? {} : { visitorType: subject.visitorType }),
    claims: visit.claims,
    admission: visit.admission satisfies Admission,
  };
}

/** The caller a site API token stands for now, or null (see the rules above). */
export async function authenticateSiteToken(services: DomainServices, token: string): Promise<Caller | null> {
  if (token.length > MAX_SITE_TOKEN_LENGTH) return null; // 1
  const verified = await services.secrets.verifyClaims(token);
  const payload = verified === null ? null : SiteTokenPayloadSchema.safeParse(verified);
  if (!payload?.success) return null; // 1
  const claimed = payload.data;
  const site = await services.repos.sites.findById(claimed.site);
  if (!site || site.organizationId !== claimed.organization) return null; // 2
  const claims = claimed.claims ?? {};
  const visit = await revisitSite(services, site, claimed.admission as Admission, claims);
  if (!visit.shown) return null; // 3
  const named = new Set(claimed.spaces);
  const shown = spaceIdsOf(visit.structure).filter((spaceId) => named.has(spaceId));
  const spaceIds =
    visit.admission.via === 'member'
      ? [...(await readableSpaceIds(services, visit.admission, await services.repos.spaces.findByIds(shown)))]
      : shown;
  if (spaceIds.length === 0) return null; // 4
  const grant: SiteVisitorGrant = {
    organizationId: site.organizationId,
    siteId: site.id,
    ...(claimed.siteSection === undefined ? {} : { siteSectionId: claimed.siteSection }),
    siteSpaceId: claimed.siteSpace,
    spaceId: claimed.space,
    spaceIds,
    claims,
  };
  return {
    userId: `site-visitor:${site.id}`,
    // The rate budget of this one token (its hash: the token itself is never kept).
    tokenId: `site-token:${services.secrets.sha256(token).slice(0, 32)}`,
    isInstanceAdmin: false,
    site: grant,
  };
}

/** Whether a bearer credential has the form of a JWT (three base64url parts), not of an API token. */
export const looksLikeSiteApiToken = (token: string): boolean => /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(token);
