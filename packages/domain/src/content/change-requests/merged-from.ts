/**
 * GitBook's `mergedFrom` of a merge revision: the change request it merged, as the caller
 * sees change requests. A member who may view the revision's space may view its change
 * requests; a site API token's visitor, who reads the space's published content, may view
 * none (`seesChangeRequests`, rule 8 of `policies/site-token-access.ts`): they get no `mergedFrom`.
 */
import type { OperationContext } from '../../core/context';
import { seesChangeRequests } from '../../policies/site-token-access';
import type { RevisionRecord } from '../revisions/records';
import type { SpaceRecord } from '../spaces/records';
import { descriptionDocuments } from './change-request-description';
import { changeRequestPeople } from './change-request-people';
import { type ChangeRequest, presentChangeRequest } from './change-request-schema';

/** The change request a merge revision merged; undefined for other revisions. */
export async function mergedFromOf(
  ctx: OperationContext,
  space: Pick<SpaceRecord, 'organizationId' | 'revisionId'>,
  revision: RevisionRecord,
): Promise<ChangeRequest | undefined> {
  if (revision.kind !== 'merge' || revision.changeRequestId === undefined) return undefined;
  if (!seesChangeRequests(ctx.caller)) return undefined;
  const changeRequest = await ctx.repos.changeRequests.findById(revision.changeRequestId);
  // Change requests are never deleted; a record of another space would be a broken store.
  if (!changeRequest || changeRequest.spaceId !== revision.spaceId) return undefined;
  return presentChangeRequest(ctx.urls, changeRequest, {
    organizationId: space.organizationId,
    spaceRevisionId: space.revisionId ?? '',
    userOf: await changeRequestPeople(ctx, space.organizationId, [changeRequest]),
    descriptionOf: await descriptionDocuments(ctx, [changeRequest]),
  });
}
