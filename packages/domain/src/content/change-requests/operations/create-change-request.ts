import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { authorizeChangeRequests } from '../../../policies/authorize-change-request';
import { peopleInSight } from '../../../policies/people-in-sight';
import { storedSpaceHead } from '../../revisions/revision-writer';
import { SpaceIdParam } from '../../spaces/operations/params';
import {
  ChangeRequestDescriptionInputSchema,
  descriptionDocuments,
  storedDescription,
} from '../change-request-description';
import { ChangeRequestSubjectSchema } from '../change-request-fields';
import { changeRequestPeople } from '../change-request-people';
import { ChangeRequestSchema, presentChangeRequest } from '../change-request-schema';
import type { ChangeRequestRecord } from '../records';

export const CreateChangeRequestInputSchema = z.strictObject({
  spaceId: SpaceIdParam,
  /** At most 100 characters; empty by default. */
  subject: ChangeRequestSubjectSchema.optional(),
  description: ChangeRequestDescriptionInputSchema.optional(),
  /** Stored as given, not interpreted. */
  agentTaskId: IdSchema.optional().describe('Id of the agent task the change request implements'),
});

/**
 * Opens a change request on a space, as a draft, based on the space's current revision
 * (`revisionInitial` and `revision` both start there), numbered next in the space, with its
 * creator as its first contributor; the space's `changeRequests` and `changeRequestsDraft`
 * count it. Needs `create` on change requests (edit on the space). Outcomes: a space that does
 * not exist, is deleted or is hidden from the caller, 404; a role below edit, 403. Two
 * creates at the same moment get two numbers.
 */
export const createChangeRequest = operation({
  name: 'changeRequests.create',
  kind: 'mutation',
  summary: 'Create a change request on a space',
  input: CreateChangeRequestInputSchema,
  output: ChangeRequestSchema,
  async run(ctx, input) {
    const { space } = await authorizeChangeRequests(ctx, input.spaceId, 'create');
    const description =
      input.description === undefined
        ? ''
        : await storedDescription(ctx, space.organizationId, input.description, peopleInSight(ctx, space));
    const createdBy = callerOf(ctx).userId;
    const now = ctx.clock.now().toISOString();
    const revision = (await storedSpaceHead(ctx, space)).id;
    const changeRequest: ChangeRequestRecord = {
      id: ctx.ids.newId(),
      spaceId: space.id,
      number: await ctx.repos.changeRequests.nextNumber(space.id),
      subject: input.subject ?? '',
      ...(description ? { description } : {}),
      status: 'draft',
      createdBy,
      createdAt: now,
      updatedAt: now,
      revisionInitial: revision,
      revision,
      contributors: [createdBy],
      comments: 0,
      ...(input.agentTaskId !== undefined ? { agentTaskId: input.agentTaskId } : {}),
    };
    await ctx.repos.changeRequests.insert(changeRequest);
    return presentChangeRequest(ctx.urls, changeRequest, {
      organizationId: space.organizationId,
      spaceRevisionId: revision,
      userOf: await changeRequestPeople(ctx, space.organizationId, [changeRequest]),
      descriptionOf: await descriptionDocuments(ctx, [changeRequest]),
    });
  },
});
