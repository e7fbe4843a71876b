/**
 * The resources of reviews as GitBook's API has them (`ChangeRequestReview`,
 * `ChangeRequestRequestedReviewer`, `ChangeRequestUserContributor`) and their presenters.
 */
import type { JSONDocument } from '@quire/documents';
import { z } from 'zod';
import type { PublicUrls } from '../../../core/context';
import { TimestampSchema, UrlSchema } from '../../../core/schemas';
import { type User, UserSchema } from '../../../identity';
import { changeRequestLocation } from '../change-request-schema';
import type { ChangeRequestReviewRecord, RequestedReviewerRecord } from './records';
import { presentReviewComment, type ReviewFormat } from './review-comment';

export const ChangeRequestReviewStatusSchema = z
  .enum(['approved', 'changes-requested'])
  .meta({ id: 'ChangeRequestReviewStatus', description: 'What a review says of a change request' });

/** The comment sent with a review, as GitBook's `Comment` has it (no replies, no reactions). */
export const ReviewCommentSchema = z
  .object({
    object: z.literal('comment').describe('Always "comment"'),
    id: z.string().describe("Id of the comment (the review's)"),
    postedBy: UserSchema,
    postedAt: TimestampSchema.describe('When the review was submitted'),
    status: z.literal('open').describe('Always "open": a review\'s comment is never resolved'),
    reactions: z.tuple([]).describe("Always empty: a review's comment takes no reactions"),
    replies: z.number().int().min(0).describe("Always 0: a review's comment takes no replies"),
    repliers: z.tuple([]).describe('Always empty'),
    body: z
      .object({
        markdown: z.string().optional().describe('The comment as markdown (format=markdown)'),
        document: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('The comment as a document tree (format=document)'),
      })
      .describe('The comment, in the format asked for'),
    target: z
      .object({
        space: z.string().describe('Id of the space'),
        revision: z.string().describe('Id of the revision reviewed'),
        changeRequest: z.string().describe('Id of the change request'),
        review: z.string().describe('Id of the review'),
      })
      .describe('What the comment is on'),
    urls: z.object({ location: UrlSchema.describe('Location of the review in the API') }).describe('URLs'),
    permissions: z
      .object({
        view: z.boolean().describe('Always true for who reads it'),
        edit: z.boolean().describe('Always false: a review is never changed'),
        reply: z.boolean().describe('Always false'),
        react: z.boolean().describe('Always false'),
        delete: z.boolean().describe('Always false'),
      })
      .describe('What the caller may do with it'),
  })
  .meta({ id: 'ChangeRequestReviewComment', description: 'The comment of a review' });

export const ChangeRequestReviewSchema = z
  .object({
    object: z.literal('change-request-review').describe('Always "change-request-review"'),
    id: z.string().describe('Id of the review'),
    revision: z.string().describe('Id of the revision of the change request reviewed'),
    reviewer: UserSchema,
    /** Who asked for it; absent when nobody had. */
    requestedBy: UserSchema.optional(),
    status: ChangeRequestReviewStatusSchema,
    outdated: z
      .boolean()
      .describe('True once the change request has a new revision or the reviewer reviewed it again'),
    comment: ReviewCommentSchema.optional(),
    createdAt: TimestampSchema.describe('When the review was submitted'),
    updatedAt: TimestampSchema.describe('Same as createdAt: a review is never changed'),
    urls: z
      .object({ location: UrlSchema.describe('Location of the review in the API') })
      .describe('Absolute URLs of the review'),
  })
  .meta({
    id: 'ChangeRequestReview',
    description: 'An approval of a change request, or a request for changes',
  });
export type ChangeRequestReview = z.infer<typeof ChangeRequestReviewSchema>;

export const RequestedReviewerSchema = z
  .object({
    object: z
      .literal('change-request-requested-reviewer')
      .describe('Always "change-request-requested-reviewer"'),
    kind: z.literal('user').describe('Always "user": teams are not asked yet'),
    user: UserSchema,
    revision: z.string().describe('Id of the revision of the change request when they were asked'),
    requestedBy: UserSchema,
    createdAt: TimestampSchema.describe('When they were asked'),
  })
  .meta({ id: 'ChangeRequestRequestedReviewer', description: 'A person asked to review a change request' });
export type RequestedReviewer = z.infer<typeof RequestedReviewerSchema>;

export const ChangeRequestContributorSchema = z
  .object({
    user: UserSchema,
    actionType: z.literal('edit').describe('Always "edit": who changed its content'),
    count: z.number().int().min(1).describe('Always 1: edits are not counted one by one'),
    updatedAt: TimestampSchema.describe('When the change request last changed'),
  })
  .meta({ id: 'ChangeRequestUserContributor', description: 'Someone who edited a change request' });

export const reviewLocation = (urls: PublicUrls, review: ChangeRequestReviewRecord): string =>
  `${changeRequestLocation(urls, review.spaceId, review.changeRequestId)}/reviews/${review.id}`;

export function presentReview(
  urls: PublicUrls,
  review: ChangeRequestReviewRecord,
  setting: {
    outdated: boolean;
    userOf(userId: string): User;
    format?: ReviewFormat;
    /** The document of a comment (format `document` only: `reviewCommentDocuments`). */
    documentOf?: (markdown: string) => JSONDocument;
  },
): ChangeRequestReview {
  const location = reviewLocation(urls, review);
  const resource: ChangeRequestReview = {
    object: 'change-request-review',
    id: review.id,
    revision: review.revision,
    reviewer: setting.userOf(review.reviewer),
    status: review.status,
    outdated: setting.outdated,
    createdAt: review.createdAt,
    updatedAt: review.createdAt,
    urls: { location },
  };
  if (review.requestedBy !== undefined) resource.requestedBy = setting.userOf(review.requestedBy);
  if (review.comment !== undefined) {
    resource.comment = {
      object: 'comment',
      id: review.id,
      postedBy: resource.reviewer,
      postedAt: review.createdAt,
      status: 'open',
      reactions: [],
      replies: 0,
      repliers: [],
      body: presentReviewComment(review.comment, setting.format, setting.documentOf),
      target: {
        space: review.spaceId,
        revision: review.revision,
        changeRequest: review.changeRequestId,
        review: review.id,
      },
      urls: { location },
      permissions: { view: true, edit: false, reply: false, react: false, delete: false },
    };
  }
  return resource;
}

export const presentRequestedReviewer = (
  reviewer: RequestedReviewerRecord,
  userOf: (userId: string) => User,
): RequestedReviewer => ({
  object: 'change-request-requested-reviewer',
  kind: 'user',
  user: userOf(reviewer.userId),
  revision: reviewer.revision,
  requestedBy: userOf(reviewer.requestedBy),
  createdAt: reviewer.createdAt,
});
