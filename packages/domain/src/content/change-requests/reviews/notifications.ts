/**
 * The notifications reviews make: a request for a review (to each person asked) and a review
 * (to the change request's author). Written after what they tell of, in one write: a crash
 * between the two loses the notification, never the review or the request. Only people who
 * may still view the change request are told (an author removed from the organization or
 * the space since would otherwise read its subject as renamed and who reviewed it), as only
 * readers of a space are mailed a mention.
 */
import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { TimestampSchema, UrlSchema } from '../../../core/schemas';
import { mailPeople, type User, UserSchema } from '../../../identity';
import { organizationAppUrl } from '../../../organizations';
import { changeRequestAllows } from '../../../policies/change-request-policy';
import { effectiveRolesFor } from '../../../policies/content-access';
import type { SpaceRecord } from '../../spaces/records';
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
  space: SpaceRecord;
  actorId: string;
  changeRequest: Pick<ChangeRequestRecord, 'id' | 'spaceId' | 'number' | 'subject' | 'createdBy'>;
}

/** Those of `userIds` who may view the change request now (the change-request rule table). */
async function viewersAmong(
  ctx: OperationContext,
  userIds: readonly string[],
  { space, changeRequest }: NotificationSource,
): Promise<string[]> {
  const mayView = await Promise.all(
    userIds.map(async (userId) =>
      changeRequestAllows('view', {
        role: (await effectiveRolesFor(ctx, 'space', [space], userId)).get(space.id) ?? null,
        isAuthor: userId === changeRequest.createdBy,
      }),
    ),
  );
  return userIds.filter((_, i) => mayView[i]);
}

/** Notifies each of `userIds` who may view the change request (but the actor) of `kind`. */
export async function notify(
  ctx: OperationContext,
  userIds: readonly string[],
  source: NotificationSource,
  review?: { id: string; status: ChangeRequestReviewStatus },
): Promise<void> {
  const createdAt = ctx.clock.now().toISOString();
  const organizationId = source.space.organizationId;
  const told = await viewersAmong(
    ctx,
    userIds.filter((userId) => userId !== source.actorId),
    source,
  );
  const notifications = told.map(
    (userId): ReviewNotificationRecord => ({
      id: ctx.ids.newId(),
      userId,
      organizationId,
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
    const link = changeRequestAppUrl(ctx, organizationId, source.changeRequest);
    await mailPeople(ctx, told, { organizationId, actorId: source.actorId }, (recipient, actorName) => ({
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
