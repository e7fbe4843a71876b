/**
 * The comment routes: a space's own comments and their replies, and the same under each of
 * its change requests. One set of operations serves both mounts: the change-request paths
 * carry `changeRequestId`, and have their own OpenAPI operation ids. A post answers 200
 * with the comment, as GitBook's document has it.
 */
import { operations } from '@quire/domain';
import { aliasRoute, type HttpMethod, type RestRoute, route } from '../route';

const { comments } = operations.spaces;
const SPACE = '/v1/spaces/:spaceId';
const CHANGE_REQUEST = '/v1/spaces/:spaceId/change-requests/:changeRequestId';

interface CommentRoute {
  method: HttpMethod;
  /** The path after the space's or the change request's. */
  suffix: string;
  operation: RestRoute['operation'];
  /** The OpenAPI operation id of the change-request path. */
  changeRequestOperationId: string;
  status?: number;
}

const COMMENT_ROUTES: readonly CommentRoute[] = [
  {
    method: 'GET',
    suffix: '/comments',
    operation: comments.list,
    changeRequestOperationId: 'changeRequests.comments.list',
  },
  {
    method: 'POST',
    suffix: '/comments',
    operation: comments.post,
    changeRequestOperationId: 'changeRequests.comments.post',
  },
  {
    method: 'GET',
    suffix: '/comments/:commentId',
    operation: comments.get,
    changeRequestOperationId: 'changeRequests.comments.get',
  },
  {
    method: 'PUT',
    suffix: '/comments/:commentId',
    operation: comments.update,
    changeRequestOperationId: 'changeRequests.comments.update',
  },
  {
    method: 'DELETE',
    suffix: '/comments/:commentId',
    operation: comments.remove,
    changeRequestOperationId: 'changeRequests.comments.remove',
    status: 204,
  },
  {
    method: 'GET',
    suffix: '/commenters',
    operation: comments.commenters,
    changeRequestOperationId: 'changeRequests.comments.commenters',
  },
  {
    method: 'GET',
    suffix: '/comments/:commentId/replies',
    operation: comments.replies.list,
    changeRequestOperationId: 'changeRequests.comments.replies.list',
  },
  {
    method: 'POST',
    suffix: '/comments/:commentId/replies',
    operation: comments.replies.post,
    changeRequestOperationId: 'changeRequests.comments.replies.post',
  },
  {
    method: 'GET',
    suffix: '/comments/:commentId/replies/:commentReplyId',
    operation: comments.replies.get,
    changeRequestOperationId: 'changeRequests.comments.replies.get',
  },
  {
    method: 'PUT',
    suffix: '/comments/:commentId/replies/:commentReplyId',
    operation: comments.replies.update,
    changeRequestOperationId: 'changeRequests.comments.replies.update',
  },
  {
    method: 'DELETE',
    suffix: '/comments/:commentId/replies/:commentReplyId',
    operation: comments.replies.remove,
    changeRequestOperationId: 'changeRequests.comments.replies.remove',
    status: 204,
  },
];

const withStatus = (restRoute: RestRoute, status: number | undefined): RestRoute =>
  status === undefined ? restRoute : { ...restRoute, status };

export const commentRoutes: readonly RestRoute[] = [
  ...COMMENT_ROUTES.map((entry) =>
    route(entry.method, `${SPACE}${entry.suffix}`, entry.operation, entry.status),
  ),
  ...COMMENT_ROUTES.map((entry) =>
    withStatus(
      aliasRoute(
        entry.method,
        `${CHANGE_REQUEST}${entry.suffix}`,
        entry.operation,
        entry.changeRequestOperationId,
      ),
      entry.status,
    ),
  ),
];
