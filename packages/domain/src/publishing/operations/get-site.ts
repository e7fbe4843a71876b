import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { presentSite, type Site, SiteSchema } from '../site-schema';

/** A site of the organization (members with a role; guests and others: 404). */
export const getSite = operation({
  name: 'sites.get',
  kind: 'query',
  summary: 'Get a site',
  input: z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam }),
  output: SiteSchema,
  async run(ctx, input): Promise<Site> {
    const { site, permissions } = await authorizeSite(ctx, input.organizationId, input.siteId, 'view');
    return presentSite(ctx.urls, site, permissions);
  },
});
