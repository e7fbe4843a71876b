import { z } from 'zod';
import { ChangeRequestIdParam, SpaceIdParam } from '../../content';
import { IdSchema } from '../../core/schemas';
import { CommentFormatSchema } from '../comment-body';

/**
 * Where the comments are: a space (`changeRequestId` absent) or one of its change requests.
 * The same operations serve both mounts (`/spaces/{spaceId}/comments` and
 * `/spaces/{spaceId}/change-requests/{changeRequestId}/comments`).
 */
export const commentScopeShape = {
  spaceId: SpaceIdParam,
  changeRequestId: ChangeRequestIdParam.optional().describe(
    'A change request (id or number) whose comments these are (absent: the space’s own)',
  ),
};

export const CommentIdParam = IdSchema.describe('Id of the comment');
export const CommentReplyIdParam = IdSchema.describe('Id of the reply');

/** The path of one comment, and the `format` of its body in the answer. */
export const commentPathShape = {
  ...commentScopeShape,
  commentId: CommentIdParam,
  format: CommentFormatSchema,
};

/** The path of one reply, and the `format` of its body in the answer. */
export const commentReplyPathShape = { ...commentPathShape, commentReplyId: CommentReplyIdParam };

export const CommentPathSchema = z.strictObject(commentPathShape);
export const CommentReplyPathSchema = z.strictObject(commentReplyPathShape);
