import { operation } from '../../core/operation';
import { authorizeComment } from '../../policies/authorize-comment';
import { CommentSchema, presentComment } from '../comment-schema';
import { commentSetting } from '../comment-setting';
import { CommentPathSchema } from './params';

/**
 * One comment of a space or of a change request. Outcomes: a space or change request that
 * does not exist or is hidden from the caller, 404; no such comment there (one of another
 * space or change request included), 404.
 */
export const getComment = operation({
  name: 'spaces.comments.get',
  kind: 'query',
  summary: 'Get a comment',
  input: CommentPathSchema,
  output: CommentSchema,
  async run(ctx, input) {
    const authorized = await authorizeComment(ctx, input, 'view');
    const setting = await commentSetting(ctx, authorized, [authorized.comment], input.format);
    return presentComment(authorized.comment, setting);
  },
});
