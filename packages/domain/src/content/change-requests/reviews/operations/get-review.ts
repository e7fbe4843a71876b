import { notFound } from '../../../../core/errors';
import { operation } from '../../../../core/operation';
import { authorizeChangeRequest } from '../../../../policies/authorize-change-request';
import { MAX_REVIEWS_READ } from '../limits';
import { ReviewFormatSchema, reviewCommentDocuments } from '../review-comment';
import { reviewPeople } from '../review-people';
import { type ChangeRequestReview, ChangeRequestReviewSchema, presentReview } from '../review-schema';
import { outdatedReviews } from '../review-state';
import { ReviewPathSchema } from './params';

/**
 * One review of a change request. Needs `view`. Outcomes: a space or change request the
 * caller cannot see, 404; no such review of this change request (one of another's
 * included), 404.
 */
export const getReview = operation({
  name: 'changeRequests.reviews.get',
  kind: 'query',
  summary: 'Get a review of a change request',
  input: ReviewPathSchema.extend({ format: ReviewFormatSchema }),
  output: ChangeRequestReviewSchema,
  async run(ctx, input): Promise<ChangeRequestReview> {
    const { space, changeRequest } = await authorizeChangeRequest(ctx, input, 'view');
    const review = await ctx.repos.changeRequestReviews.findById(changeRequest.id, input.reviewId);
    if (!review) throw notFound('Review');
    const reviews = await ctx.repos.changeRequestReviews.listOf(changeRequest.id, MAX_REVIEWS_READ);
    const documentOf = await reviewCommentDocuments(ctx, [review], input.format);
    return presentReview(ctx.urls, review, {
      // Older than the newest 1000: long superseded.
      outdated:
        !reviews.some((read) => read.id === review.id) ||
        outdatedReviews(reviews, changeRequest.revision).has(review.id),
      userOf: await reviewPeople(ctx, space.organizationId, [review]),
      format: input.format,
      ...(documentOf ? { documentOf } : {}),
    });
  },
});
