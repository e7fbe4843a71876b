/** The comments area: comments and their replies, on a space or in one of its change requests. */
import { defineArea } from '../core/area-declaration';
import { COMMENT_RULES } from '../policies/comment-policy';
import { commentOperations } from './operations';

export const commentsArea = defineArea({
  key: 'comments',
  buildsOn: ['identity', 'organizations', 'content'],
  operations: { spaces: { comments: commentOperations } },
  repositories: ['comments', 'commentReplies'],
  ports: [],
  policy: { comment: COMMENT_RULES },
});
