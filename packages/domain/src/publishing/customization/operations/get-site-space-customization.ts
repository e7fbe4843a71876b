import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSite } from '../../../policies';
import { SiteIdParam, SiteOrganizationIdParam, SiteSpaceIdParam } from '../../site-fields';
import { locateSiteSpace } from '../../site-structure';
import { siteSpaceCustomizationOf } from '../effective-customization';
import { type SiteSpaceCustomization, SiteSpaceCustomizationSchema } from '../site-customization-schema';
import { UnmaskedParam } from './get-site-customization';

/**
 * A site space's effective customization (members with a role): the site's settings with the
 * site space's overrides applied, and whether it has any. Outcomes: not a member, a guest, a
 * site of another organization, a site space not in the site, 404.
 */
export const getSiteSpaceCustomization = operation({
  name: 'sites.customization.siteSpaces.get',
  kind: 'query',
  summary: "Get a site space's customization",
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSpaceId: SiteSpaceIdParam,
    unmasked: UnmaskedParam,
  }),
  output: SiteSpaceCustomizationSchema,
  async run(ctx, input): Promise<SiteSpaceCustomization> {
    const { site, permissions } = await authorizeSite(ctx, input.organizationId, input.siteId, 'view');
    if (!locateSiteSpace(site.structure, input.siteSpaceId)) throw notFound('Site space');
    return siteSpaceCustomizationOf(ctx.urls, site, input.siteSpaceId, { editor: permissions.admin });
  },
});
