import { z } from 'zod';
import { callerOf } from '../../../../core/context';
import { operation } from '../../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../../core/paging';
import { IdSchema } from '../../../../core/schemas';
import { OrganizationIdParam } from '../../../../organizations';
import { authorizeOrganization } from '../../../../policies/organization-policy';
import { descriptionDocuments } from '../../change-request-description';
import { ChangeRequestStatusSchema } from '../../change-request-fields';
import { changeRequestPeople } from '../../change-request-people';
import { type ChangeRequest, ChangeRequestSchema, presentChangeRequest } from '../../change-request-schema';
import type { ChangeRequestQueueFilter } from '../ports';
import { viewableSpacesOf } from './organization-spaces';

/** Change requests a requested-reviewer filter reaches at most (a person asked for more sees these). */
const MAX_REQUESTED_OF_ONE = 5000;

export const ListOrganizationChangeRequestsInputSchema = z.strictObject({
  organizationId: OrganizationIdParam,
  ...pagingShape,
  status: z
    .array(ChangeRequestStatusSchema)
    .min(1)
    .max(4)
    .optional()
    .describe('Only the change requests in these statuses (default: open)'),
  creator: IdSchema.optional().describe('Only the change requests this user created ("mine": your own id)'),
  contributor: IdSchema.optional().describe('Only the change requests this user edited'),
  requestedReviewer: IdSchema.optional().describe(
    'Only the change requests this user is asked to review ("needs my review": your own id)',
  ),
  space: IdSchema.optional().describe('Only the change requests of this space'),
  site: IdSchema.optional().describe('Only those linked to this site (Quire links none: an empty list)'),
  topic: IdSchema.optional().describe(
    'Only those linked to this site topic (Quire links none: an empty list)',
  ),
  styleguideRun: IdSchema.optional().describe(
    'Only those a style guide check opened (Quire has none: an empty list)',
  ),
  finding: z
    .enum(['none', 'all'])
    .optional()
    .describe('Change requests from triage: Quire has none, so both are the same'),
  orderBy: z
    .enum(['updatedAt', 'createdAt'])
    .optional()
    .describe('Newest first by this field (default updatedAt)'),
});

/**
 * The organization's queue of change requests: those of every space the caller may view, in
 * the statuses asked (default open), newest first by `orderBy` (default updatedAt), with
 * GitBook's filters — `creator` ("mine"), `requestedReviewer` ("needs my review"),
 * `contributor`, `space`. Needs membership of the organization. Outcomes: an organization the
 * caller is not a member of, 404; a `page` that is not a cursor of this list, 400. `count` is
 * exact for the filter. The spaces are read whole first (1000 a read): an organization with
 * very many spaces pays for it on each call.
 */
export const listOrganizationChangeRequests = operation({
  name: 'changeRequests.listForOrganization',
  kind: 'query',
  summary: "List the change requests of an organization's spaces",
  input: ListOrganizationChangeRequestsInputSchema,
  output: pageSchemaOf(ChangeRequestSchema),
  async run(ctx, input): Promise<Page<ChangeRequest>> {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'view');
    const empty: Page<ChangeRequest> = toPage({ items: [], cursors: [] }, 0, (x: never) => x);
    if (input.site !== undefined || input.topic !== undefined || input.styleguideRun !== undefined)
      return empty;
    const viewable = await viewableSpacesOf(ctx, organization.id, callerOf(ctx).userId);
    const spaces =
      input.space === undefined ? viewable : viewable.filter((space) => space.id === input.space);
    if (spaces.length === 0) return empty;
    const spaceIds = spaces.map((space) => space.id);
    const filter: ChangeRequestQueueFilter = { spaceIds, statuses: input.status ?? ['open'] };
    if (input.creator !== undefined) filter.createdBy = input.creator;
    if (input.contributor !== undefined) filter.contributor = input.contributor;
    if (input.requestedReviewer !== undefined) {
      filter.ids = await ctx.repos.changeRequestReviewers.changeRequestsOf(
        input.requestedReviewer,
        spaceIds,
        MAX_REQUESTED_OF_ONE,
      );
      if (filter.ids.length === 0) return empty;
    }
    const orderBy = input.orderBy ?? 'updatedAt';
    const [slice, count] = await Promise.all([
      ctx.repos.changeRequestQueue.list(filter, orderBy, pageRequest(input)),
      ctx.repos.changeRequestQueue.count(filter),
    ]);
    const revisionOf = new Map(spaces.map((space) => [space.id, space.revisionId ?? '']));
    const [userOf, descriptionOf] = await Promise.all([
      changeRequestPeople(ctx, organization.id, slice.items),
      descriptionDocuments(ctx, slice.items),
    ]);
    return toPage(slice, count, (changeRequest) =>
      presentChangeRequest(ctx.urls, changeRequest, {
        organizationId: organization.id,
        spaceRevisionId: revisionOf.get(changeRequest.spaceId) ?? '',
        userOf,
        descriptionOf,
      }),
    );
  },
});
