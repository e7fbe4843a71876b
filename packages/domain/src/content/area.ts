/** The content area: spaces and collections with the roles granted on them, the revisions of their content, and change requests. */
import { defineArea } from '../core/area-declaration';
import { CHANGE_REQUEST_RULES } from '../policies/change-request-policy';
import { COLLECTION_RULES, SPACE_RULES } from '../policies/content-policy';
import { contentOperations } from './operations';
import { contentImportJobHandlers } from './revisions/content-import-job';

export const contentArea = defineArea({
  key: 'content',
  buildsOn: ['identity', 'organizations', 'jobs', 'files'],
  operations: contentOperations,
  jobHandlers: contentImportJobHandlers,
  repositories: [
    'spaces',
    'collections',
    'contentGrants',
    'treeLocks',
    'changeRequests',
    'changeRequestReviews',
    'changeRequestReviewers',
    'changeRequestQueue',
    'mergeRules',
    'reviewNotifications',
    'revisions',
    'contentObjects',
    'spacePathRedirects',
  ],
  ports: [
    'contentImports',
    'contentTemplates',
    'pdfLinks',
    'embedResolver',
    'visitorConditions',
    'liveEdits',
  ],
  policy: { space: SPACE_RULES, collection: COLLECTION_RULES, changeRequest: CHANGE_REQUEST_RULES },
});
