import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../../publishing';
import type { SiteRedirectRecord } from '../records';
import { assertRoomFor } from '../redirect-cap';
import { destinationToStore } from '../redirect-destination';
import { RedirectDestinationInputSchema } from '../redirect-destination-schema';
import { CaptureWildcardSchema, DraftSchema, PermanentSchema } from '../redirect-fields';
import { assertNoLoop } from '../redirect-loops';
import { presentSiteRedirect, type SiteRedirect, SiteRedirectSchema } from '../redirect-schema';
import { RedirectSourceSchema } from '../redirect-source';

/**
 * Creates a redirect of a site, live unless `draft`, temporary unless `permanent`. Needs
 * `create` on the site (the role that shapes its structure). Outcomes: not a member, a
 * guest, or the site unknown or of another organization, 404; a role below create, 403; a
 * destination the site does not have (section, site space, page, or a path no page of the
 * space has), 404; a redirect of the same source and draft state already there, 409; a
 * site holding `MAX_REDIRECTS_PER_SITE` redirects, 409; a live redirect that would send
 * visitors back to its source or round a loop (`redirect-loops.ts`), 400 naming `destination`.
 */
export const createSiteRedirect = operation({
  name: 'sites.redirects.create',
  kind: 'mutation',
  summary: 'Create a redirect of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    source: RedirectSourceSchema,
    destination: RedirectDestinationInputSchema,
    draft: DraftSchema.optional(),
    captureWildcard: CaptureWildcardSchema.optional(),
    permanent: PermanentSchema.optional(),
  }),
  output: SiteRedirectSchema,
  async run(ctx, input): Promise<SiteRedirect> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    await assertRoomFor(ctx, site.id, 1);
    const redirect: SiteRedirectRecord = {
      id: ctx.ids.newId(),
      organizationId: site.organizationId,
      siteId: site.id,
      source: input.source,
      draft: input.draft ?? false,
      captureWildcard: input.captureWildcard ?? false,
      permanent: input.permanent ?? false,
      destination: await destinationToStore(ctx, site, input.destination),
      createdAt: ctx.clock.now().toISOString(),
    };
    await assertNoLoop(ctx, site, redirect);
    await ctx.repos.siteRedirects.insert(redirect);
    return presentSiteRedirect(redirect);
  },
});
