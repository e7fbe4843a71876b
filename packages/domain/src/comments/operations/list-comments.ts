import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { IdSchema } from '../../core/schemas';
import { authorizeCommentScope } from '../../policies/authorize-comment';
import { CommentFormatSchema } from '../comment-body';
import { type Comment, CommentSchema, presentComment } from '../comment-schema';
import { commentSetting } from '../comment-setting';
import type { CommentFilter, CommentScope } from '../ports';
import { commentScopeShape } from './params';

export const ListCommentsInputSchema = z.strictObject({
  ...commentScopeShape,
  ...pagingShape,
  order: z
    .enum(['asc', 'desc'])
    .optional()
    .describe('Oldest first (asc) or newest first (desc, the default)'),
  format: CommentFormatSchema,
  status: z
    .enum(['all', 'open', 'resolved'])
    .optional()
    .describe('Only the comments in this status (default: all)'),
  targetPage: IdSchema.optional().describe('Only the comments on this page (by page id)'),
  authors: z.array(IdSchema).max(100).optional().describe('Only the comments these users posted (user ids)'),
});

/**
 * The comments of a space, or of one of its change requests, newest first by default, in
 * every status by default, optionally only those on one page or by some authors. Needs
 * `view` on the space. Outcomes: a space or change request that does not exist or is hidden
 * from the caller, 404; a `page` that is not a cursor of this list, 400. `count` is exact
 * for the filter.
 */
export const listComments = operation({
  name: 'spaces.comments.list',
  kind: 'query',
  summary: 'List the comments of a space or of a change request',
  input: ListCommentsInputSchema,
  output: pageSchemaOf(CommentSchema),
  async run(ctx, input): Promise<Page<Comment>> {
    const scope = await authorizeCommentScope(ctx, input, 'view');
    const where: CommentScope = { spaceId: scope.space.id, changeRequestId: scope.changeRequest?.id ?? null };
    const filter: CommentFilter = {};
    if (input.status !== undefined && input.status !== 'all') filter.status = input.status;
    if (input.targetPage !== undefined) filter.targetPage = input.targetPage;
    if (input.authors !== undefined) filter.authors = input.authors;
    const [slice, count] = await Promise.all([
      ctx.repos.comments.list(where, filter, input.order ?? 'desc', pageRequest(input)),
      ctx.repos.comments.count(where, filter),
    ]);
    const setting = await commentSetting(ctx, scope, slice.items, input.format);
    return toPage(slice, count, (comment) => presentComment(comment, setting));
  },
});
