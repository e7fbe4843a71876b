import { z } from 'zod';
import { operation } from '../../../../core/operation';
import { authorizeChangeRequest } from '../../../../policies/authorize-change-request';
import { changeRequestPathShape } from '../../operations/params';
import { ReviewerUserIdParam } from './params';

/**
 * Takes back the request for a person's review. Needs `requestReviewers`. Outcomes: 205 when
 * they had been asked, 204 when not (GitBook's); a space or change request the caller cannot
 * see, 404; a role too low, 403 (nothing removed). Reviews they already gave stay.
 */
export const removeRequestedReviewer = operation({
  name: 'changeRequests.requestedReviewers.remove',
  kind: 'mutation',
  summary: 'Take back a review request',
  input: z.strictObject({ ...changeRequestPathShape, userId: ReviewerUserIdParam }),
  output: z.object({ removed: z.boolean().describe('False when the person had not been asked') }),
  async run(ctx, input) {
    const { changeRequest } = await authorizeChangeRequest(ctx, input, 'requestReviewers');
    return { removed: await ctx.repos.changeRequestReviewers.remove(changeRequest.id, input.userId) };
  },
});
