import { z } from 'zod';
import { callerOf } from '../../core/context';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, sliceById, toPage } from '../../core/paging';
import { userViewIn } from '../../identity';
import { MemberSchema, memberPresenterFor } from '../../organizations';
import { authorizeCommentScope } from '../../policies/authorize-comment';
import { commentScopeShape } from './params';

export const ListCommentersInputSchema = z.strictObject({ ...commentScopeShape, ...pagingShape });

/** The page of members, with `total` beside `count`: GitBook's document requires it on this list. */
export const CommentersPageSchema = pageSchemaOf(MemberSchema, {
  total: z.number().int().min(0).describe('How many members commented (the same as `count`)'),
});

/**
 * The people who took part in the discussion of a space, or of one of its change requests:
 * whoever posted a comment there or a reply to one, each once, as members of the space's
 * organization (by user id). Someone who commented and has since left the organization is
 * not a member any more and is not listed. Needs `view` on the space, as the comments do.
 * Emails only for who may list the organization's members (a guest sees names: `userViewIn`).
 * Outcomes: a space or change request that does not exist or is hidden from the caller,
 * 404; a `page` that is not a cursor of this list, 400.
 */
export const listCommenters = operation({
  name: 'spaces.comments.commenters',
  kind: 'query',
  summary: 'List the members who commented on a space or a change request',
  input: ListCommentersInputSchema,
  output: CommentersPageSchema,
  async run(ctx, input): Promise<z.infer<typeof CommentersPageSchema>> {
    const scope = await authorizeCommentScope(ctx, input, 'view');
    const organizationId = scope.space.organizationId;
    const [people, callerMembership] = await Promise.all([
      ctx.repos.comments.commenters({
        spaceId: scope.space.id,
        changeRequestId: scope.changeRequest?.id ?? null,
      }),
      ctx.repos.members.find(organizationId, callerOf(ctx).userId),
    ]);
    const members = people.length > 0 ? await ctx.repos.members.findMany(organizationId, people) : [];
    members.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
    const slice = sliceById(members, (member) => member.userId, pageRequest(input));
    const view = userViewIn(callerMembership) ?? 'withoutEmail';
    const present = await memberPresenterFor(ctx, organizationId, slice.items, view);
    return { ...toPage(slice, members.length, present), total: members.length };
  },
});
