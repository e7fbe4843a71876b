import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeSite } from '../../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../../site-fields';
import { siteCustomizationOf } from '../effective-customization';
import { type SiteCustomization, SiteCustomizationSchema } from '../site-customization-schema';

/** GitBook's deprecated `unmasked`: accepted and without effect (nothing is masked but for non-admins). */
export const UnmaskedParam = z.boolean().optional().describe('Deprecated; has no effect');

/**
 * A site's customization (members with a role): its settings as last put, GitBook's defaults
 * while never set. The AI assistant's instructions are shown to site admins only. Outcomes:
 * not a member, a guest, or a site of another organization, 404.
 */
export const getSiteCustomization = operation({
  name: 'sites.customization.get',
  kind: 'query',
  summary: "Get a site's customization",
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    unmasked: UnmaskedParam,
  }),
  output: SiteCustomizationSchema,
  async run(ctx, input): Promise<SiteCustomization> {
    const { site, permissions } = await authorizeSite(ctx, input.organizationId, input.siteId, 'view');
    return siteCustomizationOf(ctx.urls, site, { editor: permissions.admin });
  },
});
