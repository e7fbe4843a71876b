/**
 * The review routes of change requests (GitBook's `change-requests-reviews`,
 * `change-request-reviewers`, `change-request-contributors`, a change request's semantic
 * changes and the organization's queue), and Quire's own merge rules, merge status and the
 * review notifications of the caller.
 */
import { contentOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { changeRequests, spaces, orgs, user } = contentOperations;
const CHANGE_REQUEST = '/v1/spaces/:spaceId/change-requests/:changeRequestId';
const removedStatus = (output: unknown) => ((output as { removed: boolean }).removed ? 205 : 204);

export const changeRequestReviewRoutes: readonly RestRoute[] = [
  route('GET', `${CHANGE_REQUEST}/reviews`, changeRequests.reviews.list),
  {
    ...route('POST', `${CHANGE_REQUEST}/reviews`, changeRequests.reviews.submit, 201),
    location: (_input, output) => (output as { urls: { location: string } }).urls.location,
  },
  route('GET', `${CHANGE_REQUEST}/reviews/:reviewId`, changeRequests.reviews.get),
  route('GET', `${CHANGE_REQUEST}/requested-reviewers`, changeRequests.requestedReviewers.list),
  route('POST', `${CHANGE_REQUEST}/requested-reviewers`, changeRequests.requestedReviewers.request),
  {
    ...route(
      'DELETE',
      `${CHANGE_REQUEST}/requested-reviewers/:userId`,
      changeRequests.requestedReviewers.remove,
    ),
    bodilessStatus: removedStatus,
  },
  route('GET', `${CHANGE_REQUEST}/contributors`, changeRequests.contributors.list),
  route('GET', `${CHANGE_REQUEST}/changes`, changeRequests.changes),
  route('GET', `${CHANGE_REQUEST}/merge-status`, changeRequests.mergeStatus),
  route('GET', '/v1/orgs/:organizationId/change-requests', changeRequests.listForOrganization),
  route('GET', '/v1/spaces/:spaceId/merge-rules', spaces.mergeRules.get),
  route('PUT', '/v1/spaces/:spaceId/merge-rules', spaces.mergeRules.update),
  {
    ...route('DELETE', '/v1/spaces/:spaceId/merge-rules', spaces.mergeRules.remove),
    bodilessStatus: removedStatus,
  },
  route('GET', '/v1/orgs/:organizationId/merge-rules', orgs.mergeRules.get),
  route('PUT', '/v1/orgs/:organizationId/merge-rules', orgs.mergeRules.update),
  route('GET', '/v1/user/notifications', user.notifications.list),
  route('POST', '/v1/user/notifications/read', user.notifications.markRead),
];
