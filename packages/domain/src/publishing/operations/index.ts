/**
 * The publishing area's operations, mounted once in the registry under `sites`: the sites
 * themselves, their structure (sections, section groups, site spaces) and who reaches them
 * (share links, visitor authentication, adaptive content, the published view).
 */
import type { OperationTree } from '../../core/operation';
import { customHostnameOperations } from '../custom-hostnames/operations';
import { siteCustomizationOperations } from '../customization/operations';
import { createSite } from './create-site';
import { getSite } from './get-site';
import { listSites } from './list-sites';
import { urlLookupOperations } from './lookup';
import { removeSite } from './remove-site';
import { searchSite } from './search-site';
import { publishSite, unpublishSite } from './set-site-published';
import { siteAccessOperations } from './site-access-operations';
import { siteStructureOperations } from './site-structure-operations';
import { updateSiteSettings } from './update-site';

export const publishingOperations = {
  sites: {
    list: listSites,
    create: createSite,
    get: getSite,
    update: updateSiteSettings,
    remove: removeSite,
    publish: publishSite,
    unpublish: unpublishSite,
    search: searchSite,
    ...siteStructureOperations,
    ...siteAccessOperations,
    ...siteCustomizationOperations,
  },
  customHostnames: customHostnameOperations,
  urls: urlLookupOperations,
} satisfies OperationTree;
