import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSite } from '../../../policies';
import { SiteIdParam, SiteOrganizationIdParam, SiteSpaceIdParam } from '../../site-fields';
import { locateSiteSpace } from '../../site-structure';
import { updateSite } from '../../update-site';
import { storedAssets } from '../customization-assets';
import { patchedOverrides } from '../customization-overrides';
import { checkCustomizationSize, checkSettingsSize } from '../customization-size';
import { siteSpaceCustomizationOf } from '../effective-customization';
import { liveOverrides } from '../live-overrides';
import { type SiteCustomization, SiteCustomizationSchema } from '../site-customization-schema';
import { siteSpaceCustomizationPatchShape } from '../site-space-customization-patch';

/**
 * Overrides some of the site's settings for one site space (site admins): only the fields
 * given change, `null` clears an override (the site's value shows again). Logos, icons and
 * the social preview are stored as Quire's files, as for the site. Answers the site space's
 * effective settings. Outcomes: not a member, a guest, a site of another organization, a
 * site space not in the site, 404; a role below admin, 403; a field out of GitBook's shape
 * or bounds, an address that is not http(s) or not an image, 400 naming the field. Nothing
 * is written when refused.
 */
export const overrideSiteSpaceCustomization = operation({
  name: 'sites.customization.siteSpaces.override',
  kind: 'mutation',
  summary: "Override a site's customization for one of its site spaces",
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSpaceId: SiteSpaceIdParam,
    ...siteSpaceCustomizationPatchShape,
  }),
  output: SiteCustomizationSchema,
  async run(ctx, input): Promise<SiteCustomization> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    if (!locateSiteSpace(authorized.site.structure, input.siteSpaceId)) throw notFound('Site space');
    const { organizationId: _organization, siteId: _site, siteSpaceId, ...patch } = input;
    // Before anything is fetched: addresses only get shorter once they are Quire's files.
    checkSettingsSize(patch as Record<string, unknown>);
    const stored = await storedAssets(ctx, patch as Record<string, unknown>);
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        if (!locateSiteSpace(current.structure, siteSpaceId)) throw notFound('Site space');
        const siteSpaces = liveOverrides(current);
        const overrides = patchedOverrides(siteSpaces[siteSpaceId]?.overrides ?? {}, stored);
        checkSettingsSize(overrides);
        if (Object.keys(overrides).length === 0) delete siteSpaces[siteSpaceId];
        else siteSpaces[siteSpaceId] = { overrides, updatedAt: ctx.clock.now().toISOString() };
        const customization = { ...current.customization, siteSpaces };
        checkCustomizationSize(customization, stored);
        return { site: { ...current, customization }, result: null };
      },
      authorized.site,
    );
    const { hasOverrides: _flag, ...settings } = siteSpaceCustomizationOf(ctx.urls, site, siteSpaceId, {
      editor: true,
    });
    return settings;
  },
});
