/**
 * The customization a reader of the API is shown: the site's stored settings (GitBook's
 * defaults while never set), a site space's overrides applied over them, addresses of files
 * made absolute. The AI assistant's instructions are shown only to those who may change the
 * settings (GitBook: "only available to site admins and never exposed on the published site").
 */
import { BoundedCache } from '../../core/bounded-cache';
import type { PublicUrls } from '../../core/context';
import type { SiteRecord } from '../records';
import { SITE_CUSTOMIZATION_DEFAULTS } from '../site-customization-defaults';
import { deepFreeze } from '../site-record-cache';
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
 *
 * Kept by the site's version (a change of the settings is a new version of the record) and the
 * site spaces shown, and shared, frozen: every page a visitor reads asks for them, and copying
 * the settings to present their files was about 6% of a cached page's CPU.
 */
export function publishedCustomizations(
  urls: PublicUrls,
  site: SiteRecord,
  shownSiteSpaceIds: readonly string[],
): PublishedCustomizations {
  const key = `${urls.api}\n${site.id}\n${site.version}\n${shownSiteSpaceIds.join('\n')}`;
  const kept = keptCustomizations.get(key);
  if (kept !== undefined) return kept.customizations;
  const customizations = deepFreeze(customizationsShown(urls, site, shownSiteSpaceIds));
  keptCustomizations.set(key, { customizations, weight: 2 * JSON.stringify(customizations).length });
  return customizations;
}

type PublishedCustomizations = { site: SiteCustomization; siteSpaces: Record<string, SiteCustomization> };

/** Bounded by count and by size: a site's settings can be 256 KB. */
const keptCustomizations = new BoundedCache<
  string,
  { customizations: PublishedCustomizations; weight: number }
>({
  maxEntries: 500,
  maxWeight: 16 * 1024 * 1024,
  weigh: (kept) => kept.weight,
});

function customizationsShown(
  urls: PublicUrls,
  site: SiteRecord,
  shownSiteSpaceIds: readonly string[],
): PublishedCustomizations {
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
