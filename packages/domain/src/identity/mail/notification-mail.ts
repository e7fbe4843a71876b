/**
 * Mail that tells people of something done to them in Quire (asked to review, mentioned):
 * sent beside the in-app notification, to each person but the actor, and only to those whose
 * "email notifications" preference is on (the default). Who may be told is the caller's
 * decision (the domain's rules for the notification); this only leaves out the actor and
 * those who turned mail off.
 */
import type { OperationContext } from '../../core/context';
import type { UserRecord } from '../records';
import type { OutgoingMail } from './outgoing-mail';
import { postMail } from './outgoing-mail';

/** Whether a user receives notification mail: on unless they turned it off. */
export const wantsNotificationMail = (user: Pick<UserRecord, 'emailNotifications'>): boolean =>
  user.emailNotifications !== false;

/** The name a mail gives the actor: their display name. */
export async function actorNameOf(ctx: Pick<OperationContext, 'repos'>, userId: string): Promise<string> {
  return (await ctx.repos.users.findById(userId))?.displayName ?? 'Someone';
}

/**
 * Posts one mail to each of `userIds` (once each), but the actor and those who turned
 * notification mail off; `build` writes the message for a recipient.
 */
export async function mailPeople(
  ctx: OperationContext,
  userIds: readonly string[],
  filing: { organizationId: string; actorId: string },
  build: (recipient: UserRecord, actorName: string) => OutgoingMail,
): Promise<void> {
  const ids = [...new Set(userIds)].filter((userId) => userId !== filing.actorId);
  if (ids.length === 0) return;
  const recipients = (await ctx.repos.users.findByIds(ids)).filter(wantsNotificationMail);
  if (recipients.length === 0) return;
  const actorName = await actorNameOf(ctx, filing.actorId);
  for (const recipient of recipients)
    await postMail(ctx, build(recipient, actorName), {
      organizationId: filing.organizationId,
      userId: filing.actorId,
    });
}
