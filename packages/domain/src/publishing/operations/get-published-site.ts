import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { SITE_ACTIONS, type SitePermissions, sitePermissions } from '../../policies';
import { publishedCustomizations } from '../customization/effective-customization';
import { type PublishedSite, PublishedSiteSchema } from '../published-site-schema';
import type { SiteRecord } from '../records';
import { conditionTestsOf } from '../site-conditions';
import { ShareKeySchema, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { presentSite } from '../site-schema';
import { presentSiteStructure, type SiteStructure } from '../site-structure-resource';
import type { SiteSection, SiteSectionGroup, StructureView } from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { visibleStructure } from '../visible-structure';
import { visitorAccess } from '../visitor-access';
import { tokenMakesVisitor } from '../visitor-token';

const NO_PERMISSIONS = Object.fromEntries(SITE_ACTIONS.map((action) => [action, false])) as SitePermissions;

/** The longest visitor token read: far above any real one, and a bound on the work of verifying. */
const MAX_TOKEN_LENGTH = 8192;

/**
 * The published view of a site for whoever asks, with a member's token or session, or none
 * (`access: 'visitor'`). Who is shown it follows `visitorAccess`: members who may view the
 * site, published or not; anyone for a published 'public' or 'unlisted' site; the holders of
 * an active share link's key (`shareKey`) for a 'share-link' site; the holders of a verified
 * visitor token for a 'visitor-auth' site. Anyone else, and a site that does not exist or is
 * of another organization: 404 'Site', so the site's existence never leaks.
 *
 * The visitor token is `jwt_token`, else the `gitbook-visitor-token` cookie: a JWT (HS256)
 * signed with the site's key (`publishingAuth`), or the ping token (`docsVisitorClaims`) of a
 * member of the site's organization who may view the site now (`tokenMakesVisitor`: not a
 * guest's, nor one whose subject was removed or made a guest since). An expired, forged or
 * regenerated-away token counts as none. Its payload is `visitor.claims` for the conditions.
 *
 * Conditions select what is shown: anonymous visitors are tested with their token's claims
 * (none without a token); members see the whole structure unless they send a token, whose
 * claims then apply (a preview as that visitor). The site's permissions are the member's,
 * all false for anyone else.
 */
export const getPublishedSite = operation({
  name: 'sites.published',
  kind: 'query',
  summary: 'Get the published view of a site',
  access: 'visitor',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    shareKey: ShareKeySchema.optional(),
    jwt_token: z
      .string()
      .min(1)
      .max(MAX_TOKEN_LENGTH)
      .optional()
      .describe('Visitor token (JWT signed with the site key); the gitbook-visitor-token cookie otherwise'),
  }),
  output: PublishedSiteSchema,
  async run(ctx, input): Promise<PublishedSite> {
    const site = await ctx.repos.sites.findById(input.siteId);
    if (!site || site.organizationId !== input.organizationId) throw notFound('Site');
    const [permissions, claims] = await Promise.all([
      memberPermissions(ctx, site),
      verifiedClaims(ctx, site, input.jwt_token ?? ctx.visitorToken),
    ]);
    const activeShareLink =
      input.shareKey !== undefined &&
      site.shareLinks.some((link) => link.active && link.key === input.shareKey);
    const access = visitorAccess({
      visibility: site.visibility,
      published: site.published,
      member: permissions.view,
      activeShareLink,
      verifiedToken: claims !== null,
    });
    if (!access.shown) throw notFound('Site');
    const structure =
      access.via === 'member' && claims === null
        ? site.structure
        : visibleStructure(site.structure, conditionTestsOf(site), claims ?? {});
    const view = await structureViewOf(ctx, site, {
      structure,
      shareKey: activeShareLink ? input.shareKey : undefined,
      verifiedToken: claims !== null,
    });
    const structureShown = presentedStructure(view);
    return {
      object: 'published-content-site',
      site: presentSite(ctx.urls, site, permissions),
      structure: structureShown,
      customizations: publishedCustomizations(ctx.urls, site, siteSpaceIdsOf(structureShown)),
      scripts: [],
    };
  },
});

/** The caller's permissions on the site as a member; none for anonymous visitors and non-members. */
async function memberPermissions(ctx: OperationContext, site: SiteRecord): Promise<SitePermissions> {
  if (!ctx.caller) return NO_PERMISSIONS;
  const member = await ctx.repos.members.find(site.organizationId, ctx.caller.userId);
  return member && !member.disabled ? sitePermissions(member) : NO_PERMISSIONS;
}

/**
 * The claims of a visitor token that makes its bearer a visitor of the site
 * (`tokenMakesVisitor`); null without one. A ping token counts only while its subject may
 * view the site as a member (read now, not when the token was signed).
 */
async function verifiedClaims(
  ctx: OperationContext,
  site: SiteRecord,
  token: string | undefined,
): Promise<Record<string, unknown> | null> {
  if (token === undefined || token.length > MAX_TOKEN_LENGTH) return null;
  const signedBySite = await ctx.secrets.verifyClaims(token, site.publishingAuth.privateKey);
  if (signedBySite) return tokenMakesVisitor({ kind: 'site-key' }) ? signedBySite : null;
  const pinged = await ctx.secrets.verifyClaims(token);
  if (!pinged) return null; // rule 1: it does not verify
  const sameOrganization = pinged.organizationId === site.organizationId;
  const subject = typeof pinged.userId === 'string' && sameOrganization ? pinged.userId : null;
  const member = subject === null ? null : await ctx.repos.members.find(site.organizationId, subject);
  const subjectMayViewSite = member !== null && !member.disabled && sitePermissions(member).view;
  return tokenMakesVisitor({ kind: 'ping', sameOrganization, subjectMayViewSite }) ? pinged : null;
}

/**
 * The visible structure in visitors' order; a section left with no site space (its spaces
 * deleted) is dropped too, and a group left with no section. A site with sections whose
 * every section is hidden shows no section, not the (empty) root.
 */
function presentedStructure(view: StructureView): SiteStructure {
  if (view.site.structure.sections.length > 0 && view.structure.sections.length === 0)
    return { type: 'sections', structure: [] };
  const presented = presentSiteStructure(view);
  if (presented.type === 'siteSpaces') return presented;
  return {
    type: 'sections',
    structure: presented.structure.flatMap((item): Array<SiteSection | SiteSectionGroup> => {
      if (item.object === 'site-section') return item.siteSpaces.length > 0 ? [item] : [];
      const sections = item.sections.filter((section) => section.siteSpaces.length > 0);
      return sections.length > 0 ? [{ ...item, sections }] : [];
    }),
  };
}

/** The ids of the site spaces a visitor is shown, whose customizations the view carries. */
function siteSpaceIdsOf(structure: SiteStructure): string[] {
  if (structure.type === 'siteSpaces') return structure.structure.map((siteSpace) => siteSpace.id);
  return structure.structure.flatMap((item) =>
    (item.object === 'site-section' ? [item] : item.sections).flatMap((section) =>
      section.siteSpaces.map((siteSpace) => siteSpace.id),
    ),
  );
}
