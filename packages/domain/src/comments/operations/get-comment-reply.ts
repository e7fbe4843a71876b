import { operation } from '../../core/operation';
import { authorizeCommentReply } from '../../policies/authorize-comment';
import { CommentReplySchema, presentCommentReply } from '../comment-schema';
import { commentSetting } from '../comment-setting';
import { CommentReplyPathSchema } from './params';

/**
 * One reply to a comment. Outcomes: a comment the caller cannot see, or no such reply to
 * it (a reply to another comment included), 404.
 */
export const getCommentReply = operation({
  name: 'spaces.comments.replies.get',
  kind: 'query',
  summary: 'Get a reply to a comment',
  input: CommentReplyPathSchema,
  output: CommentReplySchema,
  async run(ctx, input) {
    const authorized = await authorizeCommentReply(ctx, input, 'view');
    const setting = await commentSetting(ctx, authorized, [authorized.reply], input.format);
    return presentCommentReply(authorized.comment, authorized.reply, setting);
  },
});
