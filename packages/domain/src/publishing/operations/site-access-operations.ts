/** The operations on who reaches a site: share links, visitor authentication, adaptive content, the published view. */
import { createShareLink } from './create-share-link';
import { getAdaptiveSchema } from './get-adaptive-schema';
import { getPublishedSite } from './get-published-site';
import { getPublishingAuth } from './get-publishing-auth';
import { listShareLinks } from './list-share-links';
import { listTemplateConditions } from './list-template-conditions';
import { putAdaptiveSchema } from './put-adaptive-schema';
import { regeneratePublishingAuth } from './regenerate-publishing-auth';
import { removeShareLink } from './remove-share-link';
import { updatePublishingAuth } from './update-publishing-auth';
import { updateShareLink } from './update-share-link';

export const siteAccessOperations = {
  shareLinks: {
    list: listShareLinks,
    create: createShareLink,
    update: updateShareLink,
    remove: removeShareLink,
  },
  publishingAuth: {
    get: getPublishingAuth,
    update: updatePublishingAuth,
    regenerate: regeneratePublishingAuth,
  },
  adaptiveSchema: {
    get: getAdaptiveSchema,
    put: putAdaptiveSchema,
    templateConditions: listTemplateConditions,
  },
  published: getPublishedSite,
};
