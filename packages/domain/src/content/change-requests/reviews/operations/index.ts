/** The review operations, mounted by the change requests (`changeRequests.*`) and content (`spaces.mergeRules`, `orgs.mergeRules`). */
import { getMergeStatus } from './get-merge-status';
import { getReview } from './get-review';
import { listChangeRequestChanges } from './list-change-request-changes';
import { listContributors } from './list-contributors';
import { listOrganizationChangeRequests } from './list-organization-change-requests';
import { listRequestedReviewers } from './list-requested-reviewers';
import { listReviews } from './list-reviews';
import {
  getOrganizationMergeRules,
  getSpaceMergeRules,
  removeSpaceMergeRules,
  updateOrganizationMergeRules,
  updateSpaceMergeRules,
} from './merge-rules-operations';
import { listNotifications, markNotificationsRead } from './notification-operations';
import { removeRequestedReviewer } from './remove-requested-reviewer';
import { requestReviewers } from './request-reviewers';
import { submitReview } from './submit-review';

/** Mounted in `changeRequestOperations`. */
export const reviewOperations = {
  reviews: { list: listReviews, submit: submitReview, get: getReview },
  requestedReviewers: {
    list: listRequestedReviewers,
    request: requestReviewers,
    remove: removeRequestedReviewer,
  },
  contributors: { list: listContributors },
  changes: listChangeRequestChanges,
  mergeStatus: getMergeStatus,
  listForOrganization: listOrganizationChangeRequests,
};

/** Mounted in content's tree as `user.notifications`. */
export const notificationOperations = { list: listNotifications, markRead: markNotificationsRead };

/** Mounted in content's tree as `spaces.mergeRules` and `orgs.mergeRules`. */
export const spaceMergeRuleOperations = {
  get: getSpaceMergeRules,
  update: updateSpaceMergeRules,
  remove: removeSpaceMergeRules,
};
export const organizationMergeRuleOperations = {
  get: getOrganizationMergeRules,
  update: updateOrganizationMergeRules,
};

export { ListOrganizationChangeRequestsInputSchema } from './list-organization-change-requests';
export { RequestReviewersInputSchema } from './request-reviewers';
export { SubmitReviewInputSchema } from './submit-review';
