/**
 * The caller's review notifications: listed newest first (only the unread ones on asking),
 * and marked read. Each person sees only their own. A notification of an organization the
 * caller's session does not reach (`policies/session-reach.ts`: one holding them to single
 * sign-on, or one not trusting the provider that opened the session) is listed without what
 * it names of the organization: no subject, no actor's name (the app's link to it leads to
 * the organization's refusal). It was mailed to the person too.
 */
import { z } from 'zod';
import { callerOf, type OperationContext } from '../../../../core/context';
import { operation } from '../../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../../core/paging';
import { IdSchema } from '../../../../core/schemas';
import { presentUserAs, type User, userLocation } from '../../../../identity';
import { sessionReachesOrganizationOf } from '../../../../policies/session-reach';
import { presentNotification, type ReviewNotification, ReviewNotificationSchema } from '../notifications';

/**
 * The caller's notifications, newest first; `unread` keeps the unread ones. The people they
 * name are shown by name (no email: they may be of several organizations).
 */
export const listNotifications = operation({
  name: 'user.notifications.list',
  kind: 'query',
  summary: 'List your notifications (review requests and reviews of your change requests)',
  input: z.strictObject({
    ...pagingShape,
    unread: z.boolean().optional().describe('Only the unread ones'),
  }),
  output: pageSchemaOf(ReviewNotificationSchema),
  async run(ctx, input): Promise<Page<ReviewNotification>> {
    const userId = callerOf(ctx).userId;
    const unreadOnly = input.unread === true;
    const [slice, count] = await Promise.all([
      ctx.repos.reviewNotifications.list(userId, unreadOnly, pageRequest(input)),
      ctx.repos.reviewNotifications.count(userId, unreadOnly),
    ]);
    const unreached = await organizationsNotReached(
      ctx,
      userId,
      new Set(slice.items.map((n) => n.organizationId)),
    );
    const shown = slice.items.filter((n) => !unreached.has(n.organizationId));
    const users = await ctx.repos.users.findByIds([...new Set(shown.map((n) => n.actorId))]);
    const byId = new Map(users.map((user) => [user.id, presentUserAs(ctx, user, 'withoutEmail')]));
    const anyone = (id: string): User => ({
      object: 'user',
      id,
      displayName: '',
      urls: { location: userLocation(ctx.urls, id) },
    });
    const userOf = (id: string): User => byId.get(id) ?? anyone(id);
    return toPage(slice, count, (notification) =>
      unreached.has(notification.organizationId)
        ? presentNotification(ctx, { ...notification, changeRequestSubject: '' }, anyone)
        : presentNotification(ctx, notification, userOf),
    );
  },
});

/** The organizations (of `organizationIds`) the caller's session does not reach. */
async function organizationsNotReached(
  ctx: OperationContext,
  userId: string,
  organizationIds: Set<string>,
): Promise<Set<string>> {
  const caller = ctx.caller;
  if (caller?.sessionId === undefined || caller.isInstanceAdmin) return new Set();
  const unreached = new Set<string>();
  await Promise.all(
    [...organizationIds].map(async (organizationId) => {
      // A former member's notification: held as a member's would be.
      const member = await ctx.repos.members.find(organizationId, userId);
      const reached = await sessionReachesOrganizationOf(ctx, { organizationId, sso: member?.sso ?? false });
      if (!reached) unreached.add(organizationId);
    }),
  );
  return unreached;
}

/** Marks the caller's notifications read: those of `ids` (others' ids change nothing), or all. */
export const markNotificationsRead = operation({
  name: 'user.notifications.markRead',
  kind: 'mutation',
  summary: 'Mark your notifications read',
  input: z.strictObject({
    ids: z.array(IdSchema).min(1).max(1000).optional().describe('Ids of the notifications (default: all)'),
  }),
  output: z.object({ marked: z.number().int().min(0).describe('How many were unread and are now read') }),
  async run(ctx, input) {
    return { marked: await ctx.repos.reviewNotifications.markRead(callerOf(ctx).userId, input.ids) };
  },
});
