/**
 * The verdicts the merge rules count: each person's word on the change request's current
 * revision (`currentVerdicts`), kept only while that person may still review it, by the
 * change-request rule table (`review`: the space's review role, or a requested reviewer who
 * may comment; never its author). An approval given by someone since removed from the
 * organization or the space, demoted below what reviewing needs, or whose request was taken
 * back, is their word no longer: it stays listed among the reviews and counts for no rule.
 */
import type { OperationContext } from '../../../core/context';
import { changeRequestAllows } from '../../../policies/change-request-policy';
import { effectiveRolesFor } from '../../../policies/content-access';
import type { SpaceRecord } from '../../spaces/records';
import type { ChangeRequestRecord } from '../records';
import type { ChangeRequestReviewRecord, ChangeRequestReviewStatus } from './records';
import { currentVerdicts } from './review-state';

export async function standingVerdicts(
  ctx: Pick<OperationContext, 'repos'>,
  space: SpaceRecord,
  changeRequest: Pick<ChangeRequestRecord, 'revision' | 'createdBy'>,
  reviews: readonly ChangeRequestReviewRecord[],
  requestedReviewers: readonly string[],
): Promise<Map<string, ChangeRequestReviewStatus>> {
  const verdicts = currentVerdicts(reviews, changeRequest.revision);
  const requested = new Set(requestedReviewers);
  const mayStillReview = await Promise.all(
    [...verdicts.keys()].map(async (userId) =>
      changeRequestAllows('review', {
        role: (await effectiveRolesFor(ctx, 'space', [space], userId)).get(space.id) ?? null,
        isAuthor: userId === changeRequest.createdBy,
        isRequestedReviewer: requested.has(userId),
      }),
    ),
  );
  return new Map([...verdicts].filter((_, i) => mayStillReview[i]));
}
