import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { authorizeComment } from '../../policies/authorize-comment';
import { type CommentReply, CommentReplySchema, presentCommentReply } from '../comment-schema';
import { commentSetting } from '../comment-setting';
import { commentPathShape } from './params';

/**
 * The replies to a comment, oldest first. Needs `view` on the space. Outcomes: a comment
 * the caller cannot see (one of another space or change request included), 404; a `page`
 * that is not a cursor of this list, 400.
 */
export const listCommentReplies = operation({
  name: 'spaces.comments.replies.list',
  kind: 'query',
  summary: 'List the replies to a comment',
  input: z.strictObject({ ...commentPathShape, ...pagingShape }),
  output: pageSchemaOf(CommentReplySchema),
  async run(ctx, input): Promise<Page<CommentReply>> {
    const authorized = await authorizeComment(ctx, input, 'view');
    const { comment } = authorized;
    const [slice, count] = await Promise.all([
      ctx.repos.commentReplies.list(comment.id, pageRequest(input)),
      ctx.repos.commentReplies.count(comment.id),
    ]);
    const setting = await commentSetting(ctx, authorized, slice.items, input.format);
    return toPage(slice, count, (reply) => presentCommentReply(comment, reply, setting));
  },
});
