/**
 * The customization a reader of the API is shown: the site's stored settings (GitBook's
 * defaults while never set), a site space's overrides applied over them, addresses of files
 * made absolute. The AI assistant's instructions are shown only to those who may change the
 * settings (GitBook: "only available to site admins and never exposed on the published site").
 */
import type { PublicUrls } from '../../core/context';
import type { SiteRecord } from '../records';
import { SITE_CUSTOMIZATION_DEFAULTS } from '../site-customization-defaults';
import { presentedAssets } from './customization-assets';
import { withOverrides } from './customization-overrides';
import { withFlagsShown } from './legacy-page-actions';
import type {
  SiteCustomization,
  SiteCustomizationInput,
  SiteSpaceCustomization,
} from './site-customization-schema';

export interface CustomizationAudience {
  /** True for those who may change the settings: the assistant's instructions are theirs only. */
  editor: boolean;
}

/** The site's own settings as stored (complete), the defaults while never set. */
export const storedSiteSettings = (site: SiteRecord): SiteCustomizationInput =>
  (site.customization?.site?.settings as SiteCustomizationInput | undefined) ?? SITE_CUSTOMIZATION_DEFAULTS;

/** The overrides of a site space as stored; none while never set. */
export const storedOverrides = (site: SiteRecord, siteSpaceId: string): Record<string, unknown> | undefined =>
  site.customization?.siteSpaces[siteSpaceId]?.overrides;

function presented(
  urls: PublicUrls,
  settings: SiteCustomizationInput,
  audience: CustomizationAudience,
): SiteCustomizationInput {
  const shown = withFlagsShown(
    presentedAssets(urls, settings as Record<string, unknown>) as SiteCustomizationInput,
  );
  if (audience.editor || shown.ai.instructions === undefined) return shown;
  const { instructions: _hidden, ...ai } = shown.ai;
  return { ...shown, ai };
}

export function siteCustomizationOf(
  urls: PublicUrls,
  site: SiteRecord,
  audience: CustomizationAudience,
): SiteCustomization {
  const updatedAt = site.customization?.site?.updatedAt;
  return {
    ...presented(urls, storedSiteSettings(site), audience),
    ...(updatedAt === undefined ? {} : { updatedAt }),
  };
}

export function siteSpaceCustomizationOf(
  urls: PublicUrls,
  site: SiteRecord,
  siteSpaceId: string,
  audience: CustomizationAudience,
): SiteSpaceCustomization {
  const overrides = storedOverrides(site, siteSpaceId);
  const settings = storedSiteSettings(site);
  const updatedAt =
    site.customization?.siteSpaces[siteSpaceId]?.updatedAt ?? site.customization?.site?.updatedAt;
  return {
    ...presented(urls, overrides ? withOverrides(settings, overrides) : settings, audience),
    ...(updatedAt === undefined ? {} : { updatedAt }),
    hasOverrides: overrides !== undefined && Object.keys(overrides).length > 0,
  };
}

/**
 * The published view's customizations: the site's, and each shown site space's (GitBook's
 * renderer reads a site space's own and takes the site's only as a fallback it logs as an
 * inconsistency), never the assistant's instructions.
 */
export function publishedCustomizations(
  urls: PublicUrls,
  site: SiteRecord,
  shownSiteSpaceIds: readonly string[],
): { site: SiteCustomization; siteSpaces: Record<string, SiteCustomization> } {
  const visitor = { editor: false };
  const ofSite = siteCustomizationOf(urls, site, visitor);
  const siteSpaces: Record<string, SiteCustomization> = {};
  for (const id of shownSiteSpaceIds) {
    if (storedOverrides(site, id) === undefined) siteSpaces[id] = ofSite;
    else {
      const { hasOverrides: _flag, ...settings } = siteSpaceCustomizationOf(urls, site, id, visitor);
      siteSpaces[id] = settings;
    }
  }
  return { site: ofSite, siteSpaces };
}
