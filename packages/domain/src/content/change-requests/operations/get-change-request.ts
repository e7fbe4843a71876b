import { operation } from '../../../core/operation';
import { authorizeChangeRequest } from '../../../policies/authorize-change-request';
import { descriptionDocuments } from '../change-request-description';
import { changeRequestPeople } from '../change-request-people';
import { ChangeRequestSchema, presentChangeRequest } from '../change-request-schema';
import { ChangeRequestPathSchema } from './params';

/**
 * A change request of a space, addressed by its id or its number. Outcomes: a space that does
 * not exist, is deleted or is hidden from the caller, 404; no such change request in that
 * space (an id of another space's included), 404.
 */
export const getChangeRequest = operation({
  name: 'changeRequests.get',
  kind: 'query',
  summary: 'Get a change request by its id or its number',
  input: ChangeRequestPathSchema,
  output: ChangeRequestSchema,
  async run(ctx, input) {
    const { space, changeRequest } = await authorizeChangeRequest(ctx, input, 'view');
    return presentChangeRequest(ctx.urls, changeRequest, {
      organizationId: space.organizationId,
      spaceRevisionId: space.revisionId ?? '',
      userOf: await changeRequestPeople(ctx, space.organizationId, [changeRequest]),
      descriptionOf: await descriptionDocuments(ctx, [changeRequest]),
    });
  },
});
