/**
 * `GET /v1/users/{userId}`: a person with an account on the instance, where every User's
 * `urls.location` points. GitBook calls this "publicly available information"; on a
 * self-hosted instance accounts are not public, so a user is visible to the people they
 * work with and to no one else:
 *
 * - the caller themselves, and instance administrators: the whole User;
 * - someone who shares an organization with the user (the caller an active member or
 *   guest of it; the user a member of it in any state, disabled or guest included, as the
 *   organization's members list shows them): the User, with its email when, in one of the
 *   organizations they share, the caller may list the members (`user-view.ts` says why);
 * - anyone else, and an id that names no user: 404 'User not found', the same answer, so
 *   that nobody can probe which ids exist.
 */
import { z } from 'zod';
import { callerOf, type OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { MAX_PAGE_LIMIT, type PageRequest } from '../../core/paging';
import { IdSchema } from '../../core/schemas';
import type { UserRecord } from '../records';
import { UserSchema } from '../user-schema';
import { presentUserAs, type UserView, userViewIn } from '../user-view';

/**
 * The best view the caller gets of `userId` through the organizations they share: the
 * caller's memberships a page at a time (one page for nearly everyone), each page with one
 * read of the user's memberships in those organizations. Null when they share none.
 */
async function viewThroughSharedOrganizations(
  ctx: OperationContext,
  callerId: string,
  userId: string,
): Promise<UserView | null> {
  let view: UserView | null = null;
  let page: PageRequest = { limit: MAX_PAGE_LIMIT };
  for (;;) {
    const mine = await ctx.repos.members.listMembershipsOfUser(callerId, page);
    const theirs = await ctx.repos.members.findForUser(
      userId,
      mine.items.map((membership) => membership.organizationId),
    );
    const shared = new Set(theirs.map((membership) => membership.organizationId));
    for (const membership of mine.items) {
      if (!shared.has(membership.organizationId)) continue;
      const seen = userViewIn(membership);
      if (seen === 'full') return seen;
      view ??= seen;
    }
    if (!mine.next) return view;
    page = { limit: MAX_PAGE_LIMIT, after: mine.next };
  }
}

/**
 * How the caller sees `user` (the rules above): 'full' for themselves and instance
 * administrators, else through the organizations they share; null when they may not see it.
 */
export async function userViewOf(ctx: OperationContext, user: UserRecord): Promise<UserView | null> {
  const caller = callerOf(ctx);
  if (caller.userId === user.id || caller.isInstanceAdmin) return 'full';
  return viewThroughSharedOrganizations(ctx, caller.userId, user.id);
}

export const getUser = operation({
  name: 'users.get',
  kind: 'query',
  summary: 'Get a user the caller works with: themselves, or someone sharing an organization with them',
  input: z.strictObject({ userId: IdSchema.describe('Id of the user') }),
  output: UserSchema,
  async run(ctx, input) {
    const user = await ctx.repos.users.findById(input.userId);
    if (!user) throw notFound('User');
    const view = await userViewOf(ctx, user);
    if (!view) throw notFound('User');
    return presentUserAs(ctx, user, view);
  },
});
