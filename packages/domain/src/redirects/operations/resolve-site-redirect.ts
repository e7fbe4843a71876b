import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSiteVisit } from '../../policies';
import { activeShareKeyOf, ShareKeySchema, SiteIdParam, SiteOrganizationIdParam } from '../../publishing';
import { destinationUrl } from '../redirect-destination';
import { presentSiteRedirect, SiteRedirectSchema } from '../redirect-schema';
import { candidateSources, capturedRest, RedirectSourceSchema } from '../redirect-source';

export const ResolvedSiteRedirectSchema = z
  .object({
    redirect: SiteRedirectSchema,
    target: z.string().describe('The URL a visitor of the path is sent to'),
  })
  .meta({
    id: 'ResolvedSiteRedirect',
    description: 'The redirect answering a path, and where it sends visitors',
  });

/**
 * The live redirect that answers a path of a site, and the URL it sends visitors to: the
 * redirect of that exact source, else the wildcard source with the longest prefix of the
 * path (`/guides/*` before `/guides*` before `/g*`); drafts never answer. A capturing
 * wildcard appends what it matched to the URL. `shareKey`: the key of an active share link
 * of the site, which a URL into the site then carries. For any member with a role on the
 * organization, and for the bearer of a site API token of this site (a renderer asks it for a
 * path its visitor found no page at). Outcomes: not a member, a guest, or the site unknown or of another
 * organization, 404; a `shareKey` that is not an active link's, 404 'Share link'; no
 * redirect answers the path, 404 'Site redirect'; its destination removed from the site
 * since, 404 'Redirect destination'.
 */
export const resolveSiteRedirect = operation({
  name: 'sites.redirects.resolve',
  kind: 'query',
  summary: 'Find the redirect answering a path of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    source: RedirectSourceSchema,
    shareKey: ShareKeySchema.optional(),
  }),
  output: ResolvedSiteRedirectSchema,
  async run(ctx, input) {
    const site = await authorizeSiteVisit(ctx, input.organizationId, input.siteId);
    const shareKey = activeShareKeyOf(site, input.shareKey);
    const candidates = candidateSources(input.source);
    const found = await ctx.repos.siteRedirects.findBySources(site.id, false, candidates);
    const bySource = new Map(found.map((redirect) => [redirect.source, redirect]));
    const redirect = candidates.map((source) => bySource.get(source)).find((match) => match !== undefined);
    if (!redirect) throw notFound('Site redirect');
    const rest = redirect.captureWildcard ? capturedRest(redirect.source, input.source) : '';
    const target = await destinationUrl(ctx, site, redirect.destination, { rest, shareKey });
    return { redirect: presentSiteRedirect(redirect), target };
  },
});
