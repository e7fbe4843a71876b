/** The people a page of change requests names (creators, mergers), as the caller sees them. */
import type { OperationContext } from '../../core/context';
import { peopleSeenIn, type User } from '../../identity';
import type { ChangeRequestRecord } from './records';

export function changeRequestPeople(
  ctx: OperationContext,
  organizationId: string,
  changeRequests: readonly ChangeRequestRecord[],
): Promise<(userId: string) => User> {
  return peopleSeenIn(
    ctx,
    organizationId,
    changeRequests.flatMap((changeRequest) =>
      changeRequest.mergedBy === undefined
        ? [changeRequest.createdBy]
        : [changeRequest.createdBy, changeRequest.mergedBy],
    ),
  );
}
