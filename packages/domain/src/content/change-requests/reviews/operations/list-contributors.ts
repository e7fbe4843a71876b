import { z } from 'zod';
import { operation } from '../../../../core/operation';
import { type Page, pageSchemaOf, toPage } from '../../../../core/paging';
import { peopleSeenIn } from '../../../../identity';
import { authorizeChangeRequest } from '../../../../policies/authorize-change-request';
import { changeRequestPathShape } from '../../operations/params';
import { ChangeRequestContributorSchema } from '../review-schema';

type Contributor = z.infer<typeof ChangeRequestContributorSchema>;

/**
 * Who edited a change request's content, its creator first (GitBook's contributors with
 * `actionType: 'edit'`; its commenters are the comments area's, not listed here). One page:
 * the list is as long as the people who edited it. Needs `view`. Outcomes: a space or change
 * request the caller cannot see, 404.
 */
export const listContributors = operation({
  name: 'changeRequests.contributors.list',
  kind: 'query',
  summary: 'List the people who edited a change request',
  input: z.strictObject(changeRequestPathShape),
  output: pageSchemaOf(ChangeRequestContributorSchema),
  async run(ctx, input): Promise<Page<Contributor>> {
    const { space, changeRequest } = await authorizeChangeRequest(ctx, input, 'view');
    const { contributors } = changeRequest;
    const userOf = await peopleSeenIn(ctx, space.organizationId, contributors);
    const cursors = contributors.map((userId) => ({ values: [], id: userId }));
    return toPage({ items: contributors, cursors }, contributors.length, (userId) => ({
      user: userOf(userId),
      actionType: 'edit' as const,
      count: 1,
      updatedAt: changeRequest.updatedAt,
    }));
  },
});
