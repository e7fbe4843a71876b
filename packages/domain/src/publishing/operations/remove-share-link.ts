import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { ShareLinkIdParam, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { updateSite } from '../update-site';

/**
 * Deletes a share link (organization admins): its holders are locked out at once. A link
 * the site does not hold (already deleted): 204 all the same. Outcomes: not a member or a
 * guest, 404; a role below admin, 403.
 */
export const removeShareLink = operation({
  name: 'sites.shareLinks.remove',
  kind: 'mutation',
  summary: 'Delete a share link of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    shareLinkId: ShareLinkIdParam,
  }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    if (!authorized.site.shareLinks.some((link) => link.id === input.shareLinkId)) return null;
    await updateSite(
      ctx,
      input.siteId,
      (current) => ({
        site: { ...current, shareLinks: current.shareLinks.filter((link) => link.id !== input.shareLinkId) },
        result: null,
      }),
      authorized.site,
    );
    return null;
  },
});
