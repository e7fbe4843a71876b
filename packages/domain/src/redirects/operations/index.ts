/**
 * The redirects area's operations, mounted under `sites.redirects`: the `sites` branch is the
 * publishing area's, and the registry merges the two trees branch by branch.
 */
import type { OperationTree } from '../../core/operation';
import { createSiteRedirect } from './create-site-redirect';
import { listSiteRedirects } from './list-site-redirects';
import { removeSiteRedirect } from './remove-site-redirect';
import { resolveSiteRedirect } from './resolve-site-redirect';
import { updateSiteRedirect } from './update-site-redirect';
import { upsertSiteRedirects } from './upsert-site-redirects';

export const redirectsOperations = {
  sites: {
    redirects: {
      list: listSiteRedirects,
      create: createSiteRedirect,
      update: updateSiteRedirect,
      remove: removeSiteRedirect,
      upsert: upsertSiteRedirects,
      resolve: resolveSiteRedirect,
    },
  },
} satisfies OperationTree;
