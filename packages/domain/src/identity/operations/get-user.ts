/**
 * `GET /v1/users/{userId}`: a person with an account on the instance, where every User's
 * `urls.location` points. GitBook calls this "publicly available information"; on a
 * self-hosted instance accounts are not public, so a user is visible to the people who may
 * see them in an organization they share (`policies/people-in-sight.ts`) and to no one else:
 *
 * - the caller themselves, and instance administrators: the whole User;
 * - a member (not a guest) of an organization the user is a member of in any state (disabled
 *   or guest included, as the organization's members list shows them): the whole User, its
 *   email included (`user-view.ts` says why);
 * - a guest of such an organization, when the user is in their sight there (the people of the
 *   spaces and collections shared with the guest, and of the teams the guest is in): the User
 *   without its email;
 * - an organization whose single sign-on refuses the caller's session (`session-reach.ts`)
 *   shows its people to that session no more than it shows its content: it is skipped;
 * - anyone else, a guest asking for a member out of their sight included, and an id that
 *   names no user: 404 'User not found', the same answer, so that nobody can probe which ids
 *   exist nor learn the names of the organization's other people.
 */
import { z } from 'zod';
import { callerOf, type OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { MAX_PAGE_LIMIT, type PageRequest } from '../../core/paging';
import { IdSchema } from '../../core/schemas';
import type { MemberRecord } from '../../organizations/records';
import { memberInSightOf } from '../../policies/people-in-sight';
import { sessionReachesOrganizationOf } from '../../policies/session-reach';
import type { UserRecord } from '../records';
import { UserSchema } from '../user-schema';
import { presentUserAs, type UserView, userViewIn } from '../user-view';

/**
 * The best view the caller gets of `userId` through the organizations they share: the
 * caller's memberships a page at a time (one page for nearly everyone), each page with one
 * read of the user's memberships in those organizations. A membership that lists the
 * organization's members sees the whole user at once; the sight of a guest (which reads
 * what was shared with them) is asked only when no membership does. Null when the caller
 * may not see the user.
 */
async function viewThroughSharedOrganizations(
  ctx: OperationContext,
  callerId: string,
  userId: string,
): Promise<UserView | null> {
  const asGuest: Array<{ mine: MemberRecord; theirs: MemberRecord }> = [];
  let page: PageRequest = { limit: MAX_PAGE_LIMIT };
  for (;;) {
    const mine = await ctx.repos.members.listMembershipsOfUser(callerId, page);
    const theirs = await ctx.repos.members.findForUser(
      userId,
      mine.items.map((membership) => membership.organizationId),
    );
    const theirsIn = new Map(theirs.map((membership) => [membership.organizationId, membership]));
    for (const membership of mine.items) {
      const person = theirsIn.get(membership.organizationId);
      if (!person) continue;
      if (!(await sessionReachesOrganizationOf(ctx, membership))) continue;
      const seen = userViewIn(membership);
      if (seen === 'full') return seen;
      if (seen) asGuest.push({ mine: membership, theirs: person });
    }
    if (!mine.next) break;
    page = { limit: MAX_PAGE_LIMIT, after: mine.next };
  }
  for (const { mine, theirs } of asGuest) {
    if (await memberInSightOf(ctx, mine, theirs)) return userViewIn(mine);
  }
  return null;
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
