import { z } from 'zod';
import { operation } from '../../../../core/operation';
import { type Page, pageSchemaOf, pagingShape } from '../../../../core/paging';
import { authorizeChangeRequest } from '../../../../policies/authorize-change-request';
import { changeRequestPathShape } from '../../operations/params';
import { MAX_REQUESTED_REVIEWERS } from '../limits';
import { reviewPeople } from '../review-people';
import { presentRequestedReviewer, type RequestedReviewer, RequestedReviewerSchema } from '../review-schema';
import { keptPage } from './kept-page';

/**
 * The people asked to review a change request (at most 50), by user id. Needs `view`.
 * Outcomes: a space or change request the caller cannot see, 404.
 */
export const listRequestedReviewers = operation({
  name: 'changeRequests.requestedReviewers.list',
  kind: 'query',
  summary: 'List the people asked to review a change request',
  input: z.strictObject({ ...changeRequestPathShape, ...pagingShape }),
  output: pageSchemaOf(RequestedReviewerSchema),
  async run(ctx, input): Promise<Page<RequestedReviewer>> {
    const { space, changeRequest } = await authorizeChangeRequest(ctx, input, 'view');
    const requested = await ctx.repos.changeRequestReviewers.listOf(
      changeRequest.id,
      MAX_REQUESTED_REVIEWERS,
    );
    const userOf = await reviewPeople(ctx, space.organizationId, requested);
    const rows = requested
      .map((record) => ({ id: record.userId, record }))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return keptPage(rows, input, (row) => presentRequestedReviewer(row.record, userOf));
  },
});
