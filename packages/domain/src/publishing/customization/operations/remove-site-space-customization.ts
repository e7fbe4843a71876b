import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSite } from '../../../policies';
import { SiteIdParam, SiteOrganizationIdParam, SiteSpaceIdParam } from '../../site-fields';
import { locateSiteSpace } from '../../site-structure';
import { updateSite } from '../../update-site';

/**
 * Removes every override of a site space (site admins): it shows the site's settings again.
 * `removed` says whether there were any (GitBook's 205, else 204). Outcomes: not a member, a
 * guest, a site of another organization, a site space not in the site, 404; a role below
 * admin, 403.
 */
export const removeSiteSpaceCustomization = operation({
  name: 'sites.customization.siteSpaces.remove',
  kind: 'mutation',
  summary: "Remove a site space's customization overrides",
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSpaceId: SiteSpaceIdParam,
  }),
  output: z.object({ removed: z.boolean().describe('True when the site space had overrides') }),
  async run(ctx, input): Promise<{ removed: boolean }> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    if (!locateSiteSpace(authorized.site.structure, input.siteSpaceId)) throw notFound('Site space');
    if (authorized.site.customization?.siteSpaces[input.siteSpaceId] === undefined) return { removed: false };
    const { result } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        const siteSpaces = { ...current.customization?.siteSpaces };
        if (siteSpaces[input.siteSpaceId] === undefined) return { site: current, result: false };
        delete siteSpaces[input.siteSpaceId];
        return {
          site: { ...current, customization: { ...current.customization, siteSpaces } },
          result: true,
        };
      },
      authorized.site,
    );
    return { removed: result };
  },
});
