import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeSite } from '../../../policies';
import { SITE_CUSTOMIZATION_DEFAULTS } from '../../site-customization-defaults';
import { SiteIdParam, SiteOrganizationIdParam } from '../../site-fields';
import { updateSite } from '../../update-site';
import { storedAssets } from '../customization-assets';
import { checkCustomizationSize, checkSettingsSize } from '../customization-size';
import { siteCustomizationOf } from '../effective-customization';
import { withFlagsApplied } from '../legacy-page-actions';
import { liveOverrides } from '../live-overrides';
import {
  type SiteCustomization,
  type SiteCustomizationInput,
  SiteCustomizationSchema,
  siteCustomizationInputShape,
} from '../site-customization-schema';

/**
 * Replaces a site's customization whole (site admins): a section left out is GitBook's default
 * again. Logos, icons, the social preview and font sources given by an address of another
 * host are fetched now and stored as Quire's files (`storedAssets`), so the published site
 * never loads them from a third party. Outcomes: not a member, a guest, or a site of another
 * organization, 404; a role below admin, 403; a field out of GitBook's shape or bounds, an
 * address that is not http(s) or cannot be fetched, a file that is not an image (a font),
 * 400 naming the field. Nothing is written when refused.
 */
export const updateSiteCustomization = operation({
  name: 'sites.customization.update',
  kind: 'mutation',
  summary: "Replace a site's customization",
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    ...siteCustomizationInputShape,
  }),
  output: SiteCustomizationSchema,
  async run(ctx, input): Promise<SiteCustomization> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    const { organizationId: _organization, siteId: _site, updatedAt: _ignored, ...given } = input;
    const defined = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    const whole = withFlagsApplied(
      { ...SITE_CUSTOMIZATION_DEFAULTS, ...defined } as SiteCustomizationInput,
      input.pageActions !== undefined,
    );
    // Before anything is fetched: addresses only get shorter once they are Quire's files.
    checkSettingsSize(whole as Record<string, unknown>);
    const settings = await storedAssets(ctx, whole);
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        const customization = {
          siteSpaces: liveOverrides(current),
          site: { settings, updatedAt: ctx.clock.now().toISOString() },
        };
        checkCustomizationSize(customization, settings as Record<string, unknown>);
        return { site: { ...current, customization }, result: null };
      },
      authorized.site,
    );
    return siteCustomizationOf(ctx.urls, site, { editor: true });
  },
});
