/**
 * The people a list names (creators, mergers, authors), loaded in one read and shown as the
 * caller sees the organization's people (`userViewIn`: no emails for guests).
 */
import { callerOf, type OperationContext } from '../core/context';
import { type User, userLocation } from './user-schema';
import { presentUserAs, userViewIn } from './user-view';

export async function peopleSeenIn(
  ctx: OperationContext,
  organizationId: string,
  userIds: Iterable<string>,
): Promise<(userId: string) => User> {
  const [users, membership] = await Promise.all([
    ctx.repos.users.findByIds([...new Set(userIds)]),
    ctx.repos.members.find(organizationId, callerOf(ctx).userId),
  ]);
  const view = userViewIn(membership) ?? 'withoutEmail';
  const byId = new Map(users.map((user) => [user.id, presentUserAs(ctx, user, view)]));
  // A user removed from the instance still made what they made: shown by id alone.
  return (userId) =>
    byId.get(userId) ?? {
      object: 'user',
      id: userId,
      displayName: '',
      urls: { location: userLocation(ctx.urls, userId) },
    };
}
