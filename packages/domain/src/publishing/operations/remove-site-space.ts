import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam, SiteSpaceIdParam } from '../site-fields';
import { locateSiteSpace, removeSiteSpace } from '../site-structure';
import { updateSite } from '../update-site';

/**
 * Takes a space off a site (members with the `create` role or above); the space itself
 * stays. Removing a default site space makes the first remaining one of its section (or of
 * the root) the default. Outcomes: not a member, a guest, or the site unknown, 404; a role
 * below `create`, 403; a site space that does not exist (already removed), 204 all the same,
 * and nothing is written.
 */
export const deleteSiteSpace = operation({
  name: 'sites.siteSpaces.remove',
  kind: 'mutation',
  summary: 'Remove a site space from a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSpaceId: SiteSpaceIdParam,
  }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    if (!locateSiteSpace(authorized.site.structure, input.siteSpaceId)) return null;
    await updateSite(
      ctx,
      input.siteId,
      (current) => ({
        site: { ...current, structure: removeSiteSpace(current.structure, input.siteSpaceId) },
        result: null,
      }),
      authorized.site,
    );
    return null;
  },
});
