/**
 * Who a request is to a published site, and what of it they are shown: the one place where
 * the visitor rules are applied (`visitor-access.ts`: members, visibility, share links,
 * visitor tokens; `visitor-token.ts`: which tokens make a visitor; `site-conditions.ts`:
 * adaptive conditions). The URL lookup (`operations/lookup/resolve-published-url.ts`), the
 * published view (`sites.published`) and the site API token's check on every request
 * (`site-api-token.ts`) all go through here, so they cannot disagree.
 *
 * A visit is shown or hidden. Shown, it carries how the visitor got in (`admission`: what a
 * site API token records, to check again later), their claims (the verified token's, and the
 * unsigned ones under `unsigned`, never over a signed claim) and the part of the structure
 * their claims show (all of it for a member without a token: a preview).
 */

import type { SpaceRecord } from '../content';
import type { OperationContext } from '../core/context';
import {
  effectiveRolesFor,
  type SitePermissions,
  sessionReachesOrganizationOf,
  sitePermissions,
} from '../policies';
import type { SiteRecord } from './records';
import type { Structure } from './site-structure';
import { structureShownTo } from './visit-structures';
import { type VisitorAccess, visitorAccess } from './visitor-access';
import { tokenMakesVisitor } from './visitor-token';

/** The longest visitor token read: far above any real one, and a bound on the work of verifying. */
export const MAX_VISITOR_TOKEN_LENGTH = 8192;

/** What the request proved, besides the caller's own credential. */
export interface VisitorCredentials {
  /** A share link's key (`?share=`, `shareKey`). */
  shareKey?: string | undefined;
  /** A visitor token: a JWT signed with the site's key, or a member's ping token. */
  jwtToken?: string | undefined;
  /** Claims nobody signed (GitBook's `unsignedClaims`): shown to conditions as `unsigned`. */
  unsignedClaims?: Record<string, unknown> | undefined;
}

/**
 * How a visitor got in, as a site API token records it: enough to check again, on each
 * request the token makes, that the same way still lets them in.
 */
export type Admission =
  | { via: 'open' }
  | { via: 'member'; subject: string }
  | { via: 'share-link'; shareLink: string }
  /** With the site's key (`key`: a fingerprint of it), or a member's ping token (`subject`). */
  | { via: 'visitor-auth'; key: string }
  | { via: 'visitor-auth'; subject: string };

export type SiteVisit =
  | {
      shown: false;
      /** A visitor token was given and did not make a visitor (forged, expired, another site's...). */
      refusedToken: boolean;
    }
  | {
      shown: true;
      admission: Admission;
      /** The caller's permissions as a member: all false for visitors. */
      permissions: SitePermissions | null;
      /** The claims of the verified visitor token, null without one. */
      signedClaims: Record<string, unknown> | null;
      /** What the conditions test: the signed claims, and the unsigned under `unsigned`. */
      claims: Record<string, unknown>;
      /** The key of the active share link that let them in. */
      shareKey?: string;
      /** The structure the visitor is shown (conditions applied, except for a member's preview). */
      structure: Structure;
    };

/**
 * The visit of the caller to `site` with `credentials`. A site API token's bearer
 * (`ctx.caller.site`) visits its own site as the token says (its claims, checked again when
 * the request came), unless `asTokenBearer` is false (the lookup, which makes tokens, takes
 * only what the request proves); any other site as an anonymous visitor.
 */
export async function visitSite(
  ctx: OperationContext,
  site: SiteRecord,
  credentials: VisitorCredentials,
  options: { asTokenBearer?: boolean } = {},
): Promise<SiteVisit> {
  // A deleted organization's sites are gone at once for everyone, token bearers included,
  // while the purge has not removed them yet.
  if (!(await organizationIsLive(ctx, site))) return { shown: false, refusedToken: false };
  const grant = ctx.caller?.site;
  if (grant !== undefined && grant.siteId === site.id && options.asTokenBearer !== false) {
    return shownVisit(site, { via: 'open' }, null, grant.claims, null, undefined, false);
  }
  const token = credentials.jwtToken ?? ctx.visitorToken;
  const [permissions, verified] = await Promise.all([
    memberPermissions(ctx, site),
    verifiedVisitorToken(ctx, site, token),
  ]);
  const shareLink =
    credentials.shareKey === undefined
      ? undefined
      : site.shareLinks.find((link) => link.active && link.key === credentials.shareKey);
  const access = visitorAccess({
    visibility: site.visibility,
    published: site.published,
    member: permissions?.view ?? false,
    activeShareLink: shareLink !== undefined,
    verifiedToken: verified !== null,
  });
  if (!access.shown) return { shown: false, refusedToken: token !== undefined && verified === null };
  const admission = admissionOf(ctx, site, access, shareLink?.id, verified);
  const claims = claimsOf(verified?.claims ?? null, credentials.unsignedClaims);
  return shownVisit(
    site,
    admission,
    permissions,
    claims,
    verified?.claims ?? null,
    shareLink === undefined ? undefined : shareLink.key,
    access.via === 'member' && verified === null && credentials.unsignedClaims === undefined,
  );
}

/**
 * A visit again, as a site API token recorded it (`admission`, `claims`): shown only while
 * the same way still lets the visitor in — the site published with the same visibility, the
 * share link still active, the site's key not regenerated, the member still one who may view
 * the site — through the same `visitorAccess`.
 */
export async function revisitSite(
  ctx: Pick<OperationContext, 'repos' | 'secrets'>,
  site: SiteRecord,
  admission: Admission,
  claims: Record<string, unknown>,
): Promise<SiteVisit> {
  if (!(await organizationIsLive(ctx, site))) return { shown: false, refusedToken: true };
  const subjectMayView = async (subject: string) => {
    const member = await ctx.repos.members.find(site.organizationId, subject);
    return member !== null && !member.disabled && sitePermissions(member).view;
  };
  let member = false;
  let activeShareLink = false;
  let verifiedToken = false;
  let shareKey: string | undefined;
  if (admission.via === 'member') member = await subjectMayView(admission.subject);
  else if (admission.via === 'share-link') {
    const link = site.shareLinks.find(
      (candidate) => candidate.id === admission.shareLink && candidate.active,
    );
    activeShareLink = link !== undefined;
    shareKey = link?.key;
  } else if (admission.via === 'visitor-auth') {
    verifiedToken =
      'key' in admission
        ? admission.key === keyFingerprint(ctx, site)
        : await subjectMayView(admission.subject);
  }
  const access = visitorAccess({
    visibility: site.visibility,
    published: site.published,
    member,
    activeShareLink,
    verifiedToken,
  });
  // The token's own way in must be the one that decides: an 'open' token does not outlive
  // the site becoming a share-link one, nor a member's the member.
  if (!access.shown || access.via !== admission.via) return { shown: false, refusedToken: true };
  // A member's token without claims previews the whole site, as the member does.
  const preview = admission.via === 'member' && Object.keys(claims).length === 0;
  return shownVisit(site, admission, null, claims, null, shareKey, preview);
}

/** Whether the site's organization stands (not deleted): one point read. */
const organizationIsLive = (ctx: Pick<OperationContext, 'repos'>, site: SiteRecord): Promise<boolean> =>
  ctx.repos.organizations.isStanding(site.organizationId);

/** A short fingerprint of the site's visitor key: a token made under an older key no longer counts. */
export const keyFingerprint = (ctx: Pick<OperationContext, 'secrets'>, site: SiteRecord): string =>
  ctx.secrets.sha256(`quire site key:${site.publishingAuth.privateKey}`).slice(0, 16);

function shownVisit(
  site: SiteRecord,
  admission: Admission,
  permissions: SitePermissions | null,
  claims: Record<string, unknown>,
  signedClaims: Record<string, unknown> | null,
  shareKey: string | undefined,
  preview: boolean,
): SiteVisit {
  return {
    shown: true,
    admission,
    permissions,
    signedClaims,
    claims,
    ...(shareKey === undefined ? {} : { shareKey }),
    structure: preview ? site.structure : structureShownTo(site, claims),
  };
}

interface VerifiedToken {
  claims: Record<string, unknown>;
  /** Signed with the site's key, or a ping token (of this subject). */
  signer: { kind: 'site-key' } | { kind: 'ping'; subject: string };
}

function admissionOf(
  ctx: OperationContext,
  site: SiteRecord,
  access: Extract<VisitorAccess, { shown: true }>,
  shareLinkId: string | undefined,
  verified: VerifiedToken | null,
): Admission {
  switch (access.via) {
    case 'member':
      return { via: 'member', subject: ctx.caller?.userId ?? '' };
    case 'open':
      return { via: 'open' };
    case 'share-link':
      return { via: 'share-link', shareLink: shareLinkId ?? '' };
    case 'visitor-auth':
      return verified?.signer.kind === 'ping'
        ? { via: 'visitor-auth', subject: verified.signer.subject }
        : { via: 'visitor-auth', key: keyFingerprint(ctx, site) };
  }
}

/** The signed claims and the unsigned ones, under `unsigned`: a signed claim is never replaced. */
function claimsOf(
  signed: Record<string, unknown> | null,
  unsigned: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return { ...(unsigned === undefined ? {} : { unsigned }), ...(signed ?? {}) };
}

/** The caller's permissions on the site as a member; null for anonymous visitors, non-members and site tokens. */
async function memberPermissions(ctx: OperationContext, site: SiteRecord): Promise<SitePermissions | null> {
  if (!ctx.caller || ctx.caller.site !== undefined) return null;
  const member = await ctx.repos.members.find(site.organizationId, ctx.caller.userId);
  if (!member || member.disabled) return null;
  // A session the organization does not accept (single sign-on) previews nothing as a member.
  return (await sessionReachesOrganizationOf(ctx, member)) ? sitePermissions(member) : null;
}

/**
 * The visitor token when it makes its bearer a visitor of the site (`tokenMakesVisitor`);
 * null without one. A ping token counts only while its subject may view the site as a member
 * (read now, not when the token was signed); a site API token is no visitor token.
 */
async function verifiedVisitorToken(
  ctx: OperationContext,
  site: SiteRecord,
  token: string | undefined,
): Promise<VerifiedToken | null> {
  if (token === undefined || token.length > MAX_VISITOR_TOKEN_LENGTH) return null;
  const signedBySite = await ctx.secrets.verifyClaims(token, site.publishingAuth.privateKey);
  if (signedBySite) {
    return tokenMakesVisitor({ kind: 'site-key' })
      ? { claims: signedBySite, signer: { kind: 'site-key' } }
      : null;
  }
  const pinged = await ctx.secrets.verifyClaims(token);
  if (!pinged || pinged.kind === 'site') return null; // rule 1: it does not verify as a ping token
  const sameOrganization = pinged.organizationId === site.organizationId;
  const subject = typeof pinged.userId === 'string' && sameOrganization ? pinged.userId : null;
  const member = subject === null ? null : await ctx.repos.members.find(site.organizationId, subject);
  const subjectMayViewSite = member !== null && !member.disabled && sitePermissions(member).view;
  if (!tokenMakesVisitor({ kind: 'ping', sameOrganization, subjectMayViewSite }) || subject === null)
    return null;
  return { claims: pinged, signer: { kind: 'ping', subject } };
}

/**
 * Of `spaceIds`, those a visit may read. A visitor reads every space the site shows them; a
 * member previewing a site (`admission.via === 'member'`) only those they may view as a
 * member: a preview shows an unpublished site, never a space their role does not open.
 */
export async function readableSpaceIds(
  services: Pick<OperationContext, 'repos'>,
  admission: Admission,
  spaces: readonly SpaceRecord[],
): Promise<Set<string>> {
  if (admission.via !== 'member') return new Set(spaces.map((space) => space.id));
  const roles = await effectiveRolesFor(services, 'space', spaces, admission.subject);
  return new Set(spaces.filter((space) => roles.has(space.id)).map((space) => space.id));
}
