/** The operations on a site's customization and its site spaces' overrides, mounted at `sites.customization`. */
import { getSiteCustomization } from './get-site-customization';
import { getSiteSpaceCustomization } from './get-site-space-customization';
import { overrideSiteSpaceCustomization } from './override-site-space-customization';
import { removeSiteSpaceCustomization } from './remove-site-space-customization';
import { updateSiteCustomization } from './update-site-customization';

export const siteCustomizationOperations = {
  customization: {
    get: getSiteCustomization,
    update: updateSiteCustomization,
    siteSpaces: {
      get: getSiteSpaceCustomization,
      override: overrideSiteSpaceCustomization,
      remove: removeSiteSpaceCustomization,
    },
  },
};
