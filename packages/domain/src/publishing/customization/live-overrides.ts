/**
 * The overrides of the site spaces a site still has: a removed site space's overrides are
 * unreachable (its routes answer 404), so each change of the customization drops them rather
 * than keep them in the site's record.
 */
import type { SiteCustomizationRecord, SiteRecord } from '../records';
import { locatedSiteSpaces } from '../site-structure';

export function liveOverrides(site: SiteRecord): SiteCustomizationRecord['siteSpaces'] {
  const stored = site.customization?.siteSpaces ?? {};
  const live: SiteCustomizationRecord['siteSpaces'] = {};
  for (const { siteSpace } of locatedSiteSpaces(site.structure))
    if (stored[siteSpace.id] !== undefined) live[siteSpace.id] = stored[siteSpace.id]!;
  return live;
}
