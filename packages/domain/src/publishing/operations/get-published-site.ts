import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { SITE_ACTIONS, type SitePermissions } from '../../policies';
import { publishedCustomizations } from '../customization/effective-customization';
import { type PublishedSite, PublishedSiteSchema } from '../published-site-schema';
import { ShareKeySchema, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { currentSite } from '../site-record-cache';
import { presentSite } from '../site-schema';
import { presentSiteStructure, type SiteStructure } from '../site-structure-resource';
import type { SiteSection, SiteSectionGroup, StructureView } from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { MAX_VISITOR_TOKEN_LENGTH, visitSite } from '../site-visitor';

const NO_PERMISSIONS = Object.fromEntries(SITE_ACTIONS.map((action) => [action, false])) as SitePermissions;

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
 * all false for anyone else. A site API token's bearer sees its own site as the token's
 * visitor (its claims), and any other site as an anonymous visitor. Every rule above is
 * applied in one place, `visitSite` (`site-visitor.ts`), which the URL lookup uses too.
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
      .max(MAX_VISITOR_TOKEN_LENGTH)
      .optional()
      .describe('Visitor token (JWT signed with the site key); the gitbook-visitor-token cookie otherwise'),
  }),
  output: PublishedSiteSchema,
  async run(ctx, input): Promise<PublishedSite> {
    // Its stamp read and its record kept by version (`site-record-cache.ts`): every page a
    // visitor reads asks for the view, and the record (up to 256 KB of settings) is not copied.
    const site = await currentSite(ctx.repos, input.siteId);
    if (!site || site.organizationId !== input.organizationId) throw notFound('Site');
    const visit = await visitSite(ctx, site, { shareKey: input.shareKey, jwtToken: input.jwt_token });
    if (!visit.shown) throw notFound('Site');
    const permissions = visit.permissions ?? NO_PERMISSIONS;
    const view = await structureViewOf(ctx, site, {
      structure: visit.structure,
      shareKey: visit.shareKey,
      verifiedToken: visit.signedClaims !== null,
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
