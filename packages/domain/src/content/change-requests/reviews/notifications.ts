/**
 * The notifications reviews make: a request for a review (to each person asked) and a review
 * (to the change request's author). Written after what they tell of, in one write: a crash
 * between the two loses the notification, never the review or the request.
 */
import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { TimestampSchema, UrlSchema } from '../../../core/schemas';
import { mailPeople, type User, UserSchema } from '../../../identity';
import { organizationAppUrl } from '../../../organizations';
import type { ChangeRequestRecord } from '../records';
import type { ChangeRequestReviewStatus, ReviewNotificationRecord } from './records';
import { ChangeRequestReviewStatusSchema } from './review-schema';

export const ReviewNotificationSchema = z
  .object({
    object: z.literal('notification').describe('Always "notification"'),
    id: z.string().describe('Id of the notification'),
    kind: z
      .enum(['review_requested', 'review_submitted'])
      .describe(
        'review_requested: you were asked to review; review_submitted: your change request was reviewed',
      ),
    read: z.boolean().describe('Whether it was marked read'),
    createdAt: TimestampSchema.describe('When it was made'),
    actor: UserSchema,
    space: z.string().describe('Id of the space'),
    changeRequest: z
      .object({
        id: z.string().describe('Id of the change request'),
        number: z.number().int().describe('Its number in the space'),
        subject: z.string().describe('Its subject when the notification was made'),
      })
      .describe('The change request it is about'),
    review: z
      .object({ id: z.string().describe('Id of the review'), status: ChangeRequestReviewStatusSchema })
      .optional()
      .describe('The review, for review_submitted'),
    urls: z.object({ app: UrlSchema.describe('The change request in the app') }).describe('URLs'),
  })
  .meta({
    id: 'ReviewNotification',
    description: 'A review asked of you, or a review of your change request',
  });
export type ReviewNotification = z.infer<typeof ReviewNotificationSchema>;

interface NotificationSource {
  organizationId: string;
  actorId: string;
  changeRequest: Pick<ChangeRequestRecord, 'id' | 'spaceId' | 'number' | 'subject'>;
}

/** Notifies each of `userIds` (but the actor) of `kind`. */
export async function notify(
  ctx: OperationContext,
  userIds: readonly string[],
  source: NotificationSource,
  review?: { id: string; status: ChangeRequestReviewStatus },
): Promise<void> {
  const createdAt = ctx.clock.now().toISOString();
  const notifications = userIds
    .filter((userId) => userId !== source.actorId)
    .map(
      (userId): ReviewNotificationRecord => ({
        id: ctx.ids.newId(),
        userId,
        organizationId: source.organizationId,
        kind: review ? 'review_submitted' : 'review_requested',
        actorId: source.actorId,
        spaceId: source.changeRequest.spaceId,
        changeRequestId: source.changeRequest.id,
        changeRequestNumber: source.changeRequest.number,
        changeRequestSubject: source.changeRequest.subject,
        ...(review ? { reviewId: review.id, reviewStatus: review.status } : {}),
        read: false,
        createdAt,
      }),
    );
  if (notifications.length > 0) await ctx.repos.reviewNotifications.insertMany(notifications);
  // A request for a review is also mailed (to those who keep mail on); a review is not: no
  // template says one yet.
  if (!review) {
    const link = changeRequestAppUrl(ctx, source.organizationId, source.changeRequest);
    await mailPeople(ctx, userIds, source, (recipient, actorName) => ({
      template: 'review_requested',
      to: recipient.email,
      actorName,
      changeRequestNumber: source.changeRequest.number,
      changeRequestSubject: source.changeRequest.subject,
      link,
    }));
  }
}

/** The change request in the app: where a notification (and its mail) leads. */
export const changeRequestAppUrl = (
  ctx: Pick<OperationContext, 'urls'>,
  organizationId: string,
  changeRequest: { spaceId: string; number: number },
): string =>
  `${organizationAppUrl(ctx.urls, organizationId)}/s/${changeRequest.spaceId}/~/changes/${changeRequest.number}`;

export function presentNotification(
  ctx: Pick<OperationContext, 'urls'>,
  notification: ReviewNotificationRecord,
  userOf: (userId: string) => User,
): ReviewNotification {
  const resource: ReviewNotification = {
    object: 'notification',
    id: notification.id,
    kind: notification.kind,
    read: notification.read,
    createdAt: notification.createdAt,
    actor: userOf(notification.actorId),
    space: notification.spaceId,
    changeRequest: {
      id: notification.changeRequestId,
      number: notification.changeRequestNumber,
      subject: notification.changeRequestSubject,
    },
    urls: {
      app: changeRequestAppUrl(ctx, notification.organizationId, {
        spaceId: notification.spaceId,
        number: notification.changeRequestNumber,
      }),
    },
  };
  if (notification.reviewId !== undefined && notification.reviewStatus !== undefined)
    resource.review = { id: notification.reviewId, status: notification.reviewStatus };
  return resource;
}
