import type { JSONDocument } from '@quire/documents';
import { z } from 'zod';
import { callerOf } from '../../../../core/context';
import { conflict } from '../../../../core/errors';
import { operation } from '../../../../core/operation';
import { memberNamesForDocument } from '../../../../organizations';
import { authorizeChangeRequest } from '../../../../policies/authorize-change-request';
import { peopleInSight } from '../../../../policies/people-in-sight';
import { changeRequestPathShape } from '../../operations/params';
import { acceptsEdits } from '../../patch-rules';
import { notify } from '../notifications';
import type { ChangeRequestReviewRecord } from '../records';
import { ReviewCommentInputSchema, sentReviewComment, storedReviewComment } from '../review-comment';
import { reviewPeople } from '../review-people';
import {
  type ChangeRequestReview,
  ChangeRequestReviewSchema,
  ChangeRequestReviewStatusSchema,
  presentReview,
} from '../review-schema';

export const SubmitReviewInputSchema = z.strictObject({
  ...changeRequestPathShape,
  status: ChangeRequestReviewStatusSchema.describe('approved, or changes-requested'),
  comment: ReviewCommentInputSchema.optional(),
});

/**
 * Submits a review of a change request's current revision: an approval or a request for
 * changes, with a comment. Needs `review` on the change request (the space's review role, or
 * a requested reviewer who may comment; never its author). The review is one write: whether
 * it still counts is derived when read (a new revision, or a later review by the same person,
 * makes it outdated). Outcomes: 201 and the review; a space or change request the caller
 * cannot see, 404; a role too low or the author, 403; a change request merged or archived,
 * 409; a comment the markdown reader refuses, empty or too long once normalized, 400 naming
 * `comment`; nothing written on any refusal. A notification of the reply goes to the author
 * after the review is written (a crash between loses the notification only).
 */
export const submitReview = operation({
  name: 'changeRequests.reviews.submit',
  kind: 'mutation',
  summary: 'Approve a change request, or request changes',
  input: SubmitReviewInputSchema,
  output: ChangeRequestReviewSchema,
  async run(ctx, input): Promise<ChangeRequestReview> {
    // A document that is none is bad input, refused before any permission check.
    const sent = input.comment && sentReviewComment(input.comment);
    const { space, changeRequest } = await authorizeChangeRequest(ctx, input, 'review');
    if (!acceptsEdits(changeRequest.status)) throw conflict(`The change request is ${changeRequest.status}`);
    // A tree's member mentions, written with the names of the space's organization's people.
    const named =
      input.comment && 'document' in input.comment
        ? sentReviewComment(
            input.comment,
            await memberNamesForDocument(
              ctx.repos.members,
              space.organizationId,
              input.comment.document as unknown as JSONDocument,
              peopleInSight(ctx, space),
            ),
          )
        : sent;
    const comment = named === undefined ? undefined : await storedReviewComment(ctx, named);
    const reviewer = callerOf(ctx).userId;
    const request = await ctx.repos.changeRequestReviewers.find(changeRequest.id, reviewer);
    const review: ChangeRequestReviewRecord = {
      id: ctx.ids.newId(),
      spaceId: space.id,
      changeRequestId: changeRequest.id,
      revision: changeRequest.revision,
      reviewer,
      status: input.status,
      createdAt: ctx.clock.now().toISOString(),
    };
    if (request) review.requestedBy = request.requestedBy;
    if (comment !== undefined) review.comment = comment;
    await ctx.repos.changeRequestReviews.insert(review);
    await notify(
      ctx,
      [changeRequest.createdBy],
      { space, actorId: reviewer, changeRequest },
      { id: review.id, status: review.status },
    );
    return presentReview(ctx.urls, review, {
      outdated: false,
      userOf: await reviewPeople(ctx, space.organizationId, [review]),
    });
  },
});
