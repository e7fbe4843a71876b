import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeOrganization, authorizeSite } from '../../policies';
import { proxyHostOf, releaseProxyHost } from '../custom-hostnames/proxy-host-claims';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';

/**
 * Deletes a site (organization admins): its structure, share links and key go with it; its
 * spaces stay; the claim on its proxy's host is released when no other site of the
 * organization uses that host (`proxy-host-claims.ts`). A site that does not exist (already
 * deleted): 204 all the same, once the caller is a member of the organization; a role below
 * admin, 403.
 */
export const removeSite = operation({
  name: 'sites.remove',
  kind: 'mutation',
  summary: 'Delete a site',
  input: z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const existing = await ctx.repos.sites.findById(input.siteId);
    if (!existing || existing.organizationId !== input.organizationId) {
      // Nothing to delete: members learn that it is gone, others get the organization's 404.
      await authorizeOrganization(ctx, input.organizationId, 'view');
      return null;
    }
    await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    await ctx.repos.sites.delete(input.siteId);
    if (existing.proxy !== undefined)
      await releaseProxyHost(ctx, proxyHostOf(existing.proxy), existing.organizationId);
    return null;
  },
});
