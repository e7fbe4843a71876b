/**
 * The caller's review notifications: listed newest first (only the unread ones on asking),
 * and marked read. Each person sees only their own; nothing to authorize beyond the caller.
 */
import { z } from 'zod';
import { callerOf } from '../../../../core/context';
import { operation } from '../../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../../core/paging';
import { IdSchema } from '../../../../core/schemas';
import { presentUserAs, type User, userLocation } from '../../../../identity';
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
    const users = await ctx.repos.users.findByIds([...new Set(slice.items.map((n) => n.actorId))]);
    const byId = new Map(users.map((user) => [user.id, presentUserAs(ctx, user, 'withoutEmail')]));
    const userOf = (id: string): User =>
      byId.get(id) ?? { object: 'user', id, displayName: '', urls: { location: userLocation(ctx.urls, id) } };
    return toPage(slice, count, (notification) => presentNotification(ctx, notification, userOf));
  },
});

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
