import { z } from 'zod';
import { operation } from '../../../../core/operation';
import { type Page, pageSchemaOf, pagingShape, toPage } from '../../../../core/paging';
import { authorizeChangeRequest } from '../../../../policies/authorize-change-request';
import { changeRequestPathShape } from '../../operations/params';
import { MAX_REVIEWS_READ } from '../limits';
import { ReviewFormatSchema, reviewCommentDocuments } from '../review-comment';
import { reviewPeople } from '../review-people';
import { type ChangeRequestReview, ChangeRequestReviewSchema, presentReview } from '../review-schema';
import { outdatedReviews } from '../review-state';
import { keptSlice } from './kept-page';

/**
 * The reviews of a change request, newest first (its newest 1000), each saying whether it is
 * outdated; `outdated` keeps only the outdated ones (true) or the current ones (false).
 * Needs `view`. Outcomes: a space or change request the caller cannot see, 404.
 */
export const listReviews = operation({
  name: 'changeRequests.reviews.list',
  kind: 'query',
  summary: 'List the reviews of a change request',
  input: z.strictObject({
    ...changeRequestPathShape,
    ...pagingShape,
    format: ReviewFormatSchema,
    outdated: z.boolean().optional().describe('Only the outdated reviews (true) or the current ones (false)'),
  }),
  output: pageSchemaOf(ChangeRequestReviewSchema),
  async run(ctx, input): Promise<Page<ChangeRequestReview>> {
    const { space, changeRequest } = await authorizeChangeRequest(ctx, input, 'view');
    const reviews = await ctx.repos.changeRequestReviews.listOf(changeRequest.id, MAX_REVIEWS_READ);
    const outdated = outdatedReviews(reviews, changeRequest.revision);
    const kept = reviews
      .filter((review) => input.outdated === undefined || outdated.has(review.id) === input.outdated)
      .reverse();
    const slice = keptSlice(kept, input);
    const [userOf, documentOf] = await Promise.all([
      reviewPeople(ctx, space.organizationId, kept),
      reviewCommentDocuments(ctx, slice.items, input.format),
    ]);
    return toPage(slice, kept.length, (review) =>
      presentReview(ctx.urls, review, {
        outdated: outdated.has(review.id),
        userOf,
        format: input.format,
        ...(documentOf ? { documentOf } : {}),
      }),
    );
  },
});
