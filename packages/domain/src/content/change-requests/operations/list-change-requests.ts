import { z } from 'zod';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { IdSchema } from '../../../core/schemas';
import { authorizeChangeRequests } from '../../../policies/authorize-change-request';
import { SpaceIdParam } from '../../spaces/operations/params';
import { descriptionDocuments } from '../change-request-description';
import { ChangeRequestStatusSchema } from '../change-request-fields';
import { changeRequestPeople } from '../change-request-people';
import { type ChangeRequest, ChangeRequestSchema, presentChangeRequest } from '../change-request-schema';
import type { ChangeRequestFilter } from '../ports';

export const ListChangeRequestsInputSchema = z.strictObject({
  spaceId: SpaceIdParam,
  ...pagingShape,
  /** GitBook's default: the open ones (submitted for review). */
  status: ChangeRequestStatusSchema.optional().describe(
    'Only the change requests in this status (default: open)',
  ),
  /** GitBook's `contributor`. */
  contributor: IdSchema.optional().describe('Only the change requests this user contributed to (by user id)'),
});

/**
 * The change requests of a space in one status (GitBook's default: 'open'), newest first,
 * optionally only those a user contributed to (created or edited). Needs `view` on the
 * space. Outcomes: a space that does not exist, is deleted or is hidden from the caller,
 * 404; a `page` that is not a cursor of this list, 400. `count` is exact for the filter.
 */
export const listChangeRequests = operation({
  name: 'changeRequests.list',
  kind: 'query',
  summary: 'List the change requests of a space',
  input: ListChangeRequestsInputSchema,
  output: pageSchemaOf(ChangeRequestSchema),
  async run(ctx, input): Promise<Page<ChangeRequest>> {
    const { space } = await authorizeChangeRequests(ctx, input.spaceId, 'view');
    const filter: ChangeRequestFilter = { status: input.status ?? 'open' };
    if (input.contributor !== undefined) filter.contributor = input.contributor;
    const [slice, count] = await Promise.all([
      ctx.repos.changeRequests.list(space.id, filter, pageRequest(input)),
      ctx.repos.changeRequests.count(space.id, filter),
    ]);
    const setting = {
      organizationId: space.organizationId,
      spaceRevisionId: space.revisionId ?? '',
      userOf: await changeRequestPeople(ctx, space.organizationId, slice.items),
      descriptionOf: await descriptionDocuments(ctx, slice.items),
    };
    return toPage(slice, count, (changeRequest) => presentChangeRequest(ctx.urls, changeRequest, setting));
  },
});
