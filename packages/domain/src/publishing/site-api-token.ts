/**
 * Site API tokens: the `apiToken` of a published-content lookup, a short-lived JWT (HS256,
 * the instance's key and issuer: `Secrets.signClaims`) of GitBook's `SiteAPIToken` kind,
 * compact (about 300 characters, not 700: GitBook's renderer carries it in its route's path):
 * ids only — `kind: 'site'`, `site`, `siteSpace`, `space` —, the visitor's `claims` (which the
 * renderer reads; left out when there are none), `visitorType` when given, and how the
 * visitor got in (`via`, one short string), so each request it makes is checked again.
 * *Decision:* GitBook's `organization`, `siteSection` and `spaces` are left out: the site
 * names its organization, the site space its section, and the spaces a visitor reads are the
 * ones the site shows them when the request comes (which the token's list only ever narrowed
 * to what the lookup had shown, a quarter of an hour at most before).
 *
 * Sent as `Authorization: Bearer <token>`, it stands for a visitor of that one site
 * (`Caller.site`). `authenticateSiteToken` accepts it when, in order:
 *
 * 1. it verifies with the instance's key (not forged, not expired, HS256), is at most
 *    `MAX_SITE_TOKEN_LENGTH` long, and is a site token (`kind: 'site'`, a well-formed
 *    payload): a ping token or a site's visitor token is none;
 * 2. its site still exists;
 * 3. the way it got in still lets the visitor in (`revisitSite`: still published with the
 *    same visibility, the share link still active, the site's visitor key not regenerated,
 *    the member still one who may view the site);
 * 4. the site still shows the visitor at least one space (conditions applied to the token's
 *    claims; for a member's preview, only spaces their role opens now).
 *
 * Otherwise the request is unauthenticated (401), as for a revoked API token. What the
 * visitor reads is then the spaces of rule 4 and the site. A token that verified is kept
 * verified until it expires (by its text: the same text is the same signature), so the
 * signature is checked once per token, not once per request; rules 2-4 are checked on every
 * request (the site's record kept by version: `site-record-cache.ts`).
 */
import { z } from 'zod';
import { BoundedCache } from '../core/bounded-cache';
import type { Caller, DomainServices, SiteVisitorGrant } from '../core/context';
import { invalidInput } from '../core/errors';
import type { SiteRecord } from './records';
import { currentSite } from './site-record-cache';
import { type Structure, spaceIdsOf } from './site-structure';
import { type Admission, readableSpaceIds, revisitSite, type SiteVisit } from './site-visitor';

/** How long a site API token lives: a renderer asks the lookup again for a fresh one. */
export const SITE_API_TOKEN_TTL_SECONDS = 15 * 60;
/** The longest site API token read (a visitor's claims ride in it). */
export const MAX_SITE_TOKEN_LENGTH = 16_384;

const IdText = z.string().min(1).max(64);

/**
 * How the visitor got in, as the token writes it (`via`): `open`, `member:<user>`,
 * `share:<share link>`, `key:<fingerprint of the site's visitor key>`, `ping:<user>`.
 */
const ViaSchema = z
  .string()
  .max(80)
  .regex(/^(open|(member|share|key|ping):[\w-]{1,64})$/);

/** The payload as it is read back; the JWT's own fields (`iss`, `iat`, `exp`) pass. */
const SiteTokenPayloadSchema = z.object({
  kind: z.literal('site'),
  site: IdText,
  siteSpace: IdText,
  space: IdText,
  visitorType: z.enum(['human', 'agent']).optional(),
  claims: z.record(z.string(), z.unknown()).optional(),
  via: ViaSchema,
  exp: z.number(),
});
type SiteTokenPayload = z.infer<typeof SiteTokenPayloadSchema>;

export const viaOf = (admission: Admission): string => {
  switch (admission.via) {
    case 'open':
      return 'open';
    case 'member':
      return `member:${admission.subject}`;
    case 'share-link':
      return `share:${admission.shareLink}`;
    case 'visitor-auth':
      return 'key' in admission ? `key:${admission.key}` : `ping:${admission.subject}`;
  }
};

export function admissionOf(via: string): Admission {
  const colon = via.indexOf(':');
  const [kind, value] = colon < 0 ? [via, ''] : [via.slice(0, colon), via.slice(colon + 1)];
  switch (kind) {
    case 'member':
      return { via: 'member', subject: value };
    case 'share':
      return { via: 'share-link', shareLink: value };
    case 'key':
      return { via: 'visitor-auth', key: value };
    case 'ping':
      return { via: 'visitor-auth', subject: value };
    default:
      return { via: 'open' };
  }
}

export interface SiteTokenSubject {
  site: SiteRecord;
  siteSpaceId: string;
  spaceId: string;
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
  const { payload, key } = preparedToken(services, subject);
  const now = services.clock.now().getTime();
  const reusable = reusableOf(services.secrets);
  const kept = reusable.get(key);
  if (kept && now - kept.issuedAt < REUSE_SECONDS * 1000 && now >= kept.issuedAt) return kept.token;
  const token = await services.secrets.signClaims(payload, SITE_API_TOKEN_TTL_SECONDS);
  // A token no request could carry back (rule 1 reads none longer) is refused, not handed out.
  if (token.length > MAX_SITE_TOKEN_LENGTH)
    throw invalidInput(
      'visitor',
      `the claims make a site token longer than ${MAX_SITE_TOKEN_LENGTH} characters`,
    );
  reusable.set(key, { token, issuedAt: now });
  return token;
}

interface PreparedToken {
  secrets: object;
  payload: Record<string, unknown>;
  /** The payload's fingerprint: the key of the token reused for it. */
  key: string;
}
const preparedBySubject = new WeakMap<SiteTokenSubject, PreparedToken>();

/**
 * The payload and its fingerprint; made once for a frozen subject (the URL lookup's kept
 * resolutions hand the same one out again), else each time.
 */
function preparedToken(services: Pick<DomainServices, 'secrets'>, subject: SiteTokenSubject): PreparedToken {
  const kept = preparedBySubject.get(subject);
  if (kept?.secrets === services.secrets) return kept;
  const payload = siteTokenPayload(subject);
  const prepared = {
    secrets: services.secrets,
    payload,
    key: services.secrets.sha256(JSON.stringify(payload)),
  };
  if (Object.isFrozen(subject)) preparedBySubject.set(subject, prepared);
  return prepared;
}

function siteTokenPayload(subject: SiteTokenSubject): Record<string, unknown> {
  const { site, visit } = subject;
  return {
    kind: 'site',
    site: site.id,
    siteSpace: subject.siteSpaceId,
    space: subject.spaceId,
    ...(subject.visitorType === undefined ? {} : { visitorType: subject.visitorType }),
    ...(Object.keys(visit.claims).length === 0 ? {} : { claims: visit.claims }),
    via: viaOf(visit.admission),
  };
}

type VerifiedTokens = BoundedCache<string, SiteTokenPayload>;
/** Tokens that verified, by text, per signing key (per `Secrets`), until they expire. */
const verifiedBySigner = new WeakMap<object, VerifiedTokens>();

function verifiedOf(secrets: object): VerifiedTokens {
  let cache = verifiedBySigner.get(secrets);
  if (!cache) {
    cache = new BoundedCache({ maxEntries: 5000, maxWeight: 16 * 1024 * 1024, weigh: () => 2048 });
    verifiedBySigner.set(secrets, cache);
  }
  return cache;
}

/** The payload of a site token that verifies and has not expired, else null (rule 1). */
async function verifiedPayload(
  services: Pick<DomainServices, 'secrets' | 'clock'>,
  token: string,
): Promise<SiteTokenPayload | null> {
  if (token.length > MAX_SITE_TOKEN_LENGTH) return null;
  const verified = verifiedOf(services.secrets);
  const nowSeconds = services.clock.now().getTime() / 1000;
  const kept = verified.get(token);
  if (kept) {
    if (kept.exp > nowSeconds) return kept;
    verified.delete(token);
    return null;
  }
  const claims = await services.secrets.verifyClaims(token);
  const payload = claims === null ? null : SiteTokenPayloadSchema.safeParse(claims);
  if (!payload?.success) return null;
  verified.set(token, payload.data);
  return payload.data;
}

/** The spaces a structure shows, once per structure (visits' structures are kept: `visit-structures.ts`). */
const spacesOfStructure = new WeakMap<Structure, string[]>();
function spaceIdsShown(structure: Structure): string[] {
  if (!Object.isFrozen(structure)) return spaceIdsOf(structure);
  let ids = spacesOfStructure.get(structure);
  if (!ids) {
    ids = spaceIdsOf(structure);
    spacesOfStructure.set(structure, ids);
  }
  return ids;
}

/** The caller a site API token stands for now, or null (see the rules above). */
export async function authenticateSiteToken(services: DomainServices, token: string): Promise<Caller | null> {
  const claimed = await verifiedPayload(services, token);
  if (!claimed) return null; // 1
  const site = await currentSite(services.repos, claimed.site);
  if (!site) return null; // 2
  const claims = claimed.claims ?? {};
  const admission = admissionOf(claimed.via);
  const visit = await revisitSite(services, site, admission, claims);
  if (!visit.shown) return null; // 3
  const shown = spaceIdsShown(visit.structure);
  const spaceIds =
    admission.via === 'member'
      ? [...(await readableSpaceIds(services, admission, await services.repos.spaces.findByIds(shown)))]
      : shown;
  if (spaceIds.length === 0) return null; // 4
  const section = site.structure.sections.find((candidate) =>
    candidate.siteSpaces.some((siteSpace) => siteSpace.id === claimed.siteSpace),
  );
  const grant: SiteVisitorGrant = {
    organizationId: site.organizationId,
    siteId: site.id,
    ...(section === undefined ? {} : { siteSectionId: section.id }),
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
