import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../../publishing';
import type { SiteRedirectRecord } from '../records';
import { destinationToStore } from '../redirect-destination';
import { RedirectDestinationInputSchema } from '../redirect-destination-schema';
import { CaptureWildcardSchema, DraftSchema, PermanentSchema, SiteRedirectIdParam } from '../redirect-fields';
import { assertNoLoop } from '../redirect-loops';
import { presentSiteRedirect, type SiteRedirect, SiteRedirectSchema } from '../redirect-schema';
import { RedirectSourceSchema } from '../redirect-source';

/** The fields a request changes, compared whatever order the store gave their keys in. */
const fieldsOf = (redirect: SiteRedirectRecord): string =>
  JSON.stringify([
    redirect.source,
    redirect.draft,
    redirect.captureWildcard,
    redirect.permanent,
    Object.entries(redirect.destination).sort(([a], [b]) => a.localeCompare(b)),
  ]);
const sameRedirect = (a: SiteRedirectRecord, b: SiteRedirectRecord): boolean => fieldsOf(a) === fieldsOf(b);

/**
 * Changes a redirect of a site; an absent field is unchanged, and a request changing nothing
 * writes nothing (`updatedAt` stays). `draft: false` makes a draft live. Needs `create` on
 * the site. Outcomes: not a member, a guest, or the site unknown or of another organization,
 * 404; a role below create, 403; a redirect the site does not hold, 404; a destination the
 * site does not have, 404; a source (and draft state) another redirect of the site has, 409;
 * a live redirect that would send visitors back to its source or round a loop
 * (`redirect-loops.ts`), 400 naming `destination`.
 */
export const updateSiteRedirect = operation({
  name: 'sites.redirects.update',
  kind: 'mutation',
  summary: 'Change a redirect of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteRedirectId: SiteRedirectIdParam,
    source: RedirectSourceSchema.optional(),
    destination: RedirectDestinationInputSchema.optional(),
    draft: DraftSchema.optional(),
    captureWildcard: CaptureWildcardSchema.optional(),
    permanent: PermanentSchema.optional(),
  }),
  output: SiteRedirectSchema,
  async run(ctx, input): Promise<SiteRedirect> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const current = await ctx.repos.siteRedirects.findById(site.id, input.siteRedirectId);
    if (!current) throw notFound('Site redirect');
    const changed: SiteRedirectRecord = {
      ...current,
      ...(input.source === undefined ? {} : { source: input.source }),
      ...(input.draft === undefined ? {} : { draft: input.draft }),
      ...(input.captureWildcard === undefined ? {} : { captureWildcard: input.captureWildcard }),
      ...(input.permanent === undefined ? {} : { permanent: input.permanent }),
      ...(input.destination === undefined
        ? {}
        : { destination: await destinationToStore(ctx, site, input.destination) }),
    };
    if (sameRedirect(changed, current)) return presentSiteRedirect(current);
    const updated = { ...changed, updatedAt: ctx.clock.now().toISOString() };
    await assertNoLoop(ctx, site, updated);
    if (!(await ctx.repos.siteRedirects.replace(updated))) throw notFound('Site redirect');
    return presentSiteRedirect(updated);
  },
});
