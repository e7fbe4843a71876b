/** The people reviews and review requests name, as the caller sees them (one read). */
import type { OperationContext } from '../../../core/context';
import { peopleSeenIn, type User } from '../../../identity';
import type { ChangeRequestReviewRecord, RequestedReviewerRecord } from './records';

export function reviewPeople(
  ctx: OperationContext,
  organizationId: string,
  records: ReadonlyArray<ChangeRequestReviewRecord | RequestedReviewerRecord>,
): Promise<(userId: string) => User> {
  return peopleSeenIn(
    ctx,
    organizationId,
    records.flatMap((record) => {
      const named = 'reviewer' in record ? record.reviewer : record.userId;
      return record.requestedBy === undefined ? [named] : [named, record.requestedBy];
    }),
  );
}
