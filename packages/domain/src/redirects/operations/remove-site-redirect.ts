import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../../publishing';
import { SiteRedirectIdParam } from '../redirect-fields';

/**
 * Deletes a redirect of a site: its source is no longer redirected, at once. Answers whether
 * one was deleted (REST: 205 when it was, 204 when the site held none of that id: both
 * succeed). Needs `create` on the site. Outcomes: not a member, a guest, or the site
 * unknown or of another organization, 404; a role below create, 403, nothing deleted.
 */
export const removeSiteRedirect = operation({
  name: 'sites.redirects.remove',
  kind: 'mutation',
  summary: 'Delete a redirect of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteRedirectId: SiteRedirectIdParam,
  }),
  output: z.object({ removed: z.boolean().describe('False when the site held no such redirect') }),
  async run(ctx, input) {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    return { removed: await ctx.repos.siteRedirects.delete(site.id, input.siteRedirectId) };
  },
});
