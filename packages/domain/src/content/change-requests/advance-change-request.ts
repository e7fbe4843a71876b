/**
 * Moving a change request to a new revision made from its head, as `advanceSpace` does for a
 * space: `write` makes the revision from the change request's current head, then its
 * `revision` moves by compare-and-swap (on its status and revision) and the caller becomes a
 * contributor. A write that lost is made again on the new head (up to
 * `MAX_POINTER_ATTEMPTS`), then 409; a change request merged or archived meanwhile is a 409.
 */
import { callerOf, type OperationContext } from '../../core/context';
import { conflict } from '../../core/errors';
import { findChangeRequestOf } from '../../policies/authorize-change-request';
import { MAX_POINTER_ATTEMPTS } from '../revisions/advance-space';
import type { RevisionRecord } from '../revisions/records';
import type { SpaceRecord } from '../spaces/records';
import { publishChangeRequestContent } from './change-request-content-event';
import { revisionOf } from './operations/merge-change-request';
import { acceptsEdits } from './patch-rules';
import type { ChangeRequestRecord } from './records';

/**
 * 409 for a change request merged or archived: its content takes no edit. Checked again on
 * every attempt of an edit, and before an upload reads or stores any byte (`upload-file.ts`).
 */
export function refuseEditOfEnded(changeRequest: Pick<ChangeRequestRecord, 'status'>): void {
  if (!acceptsEdits(changeRequest.status))
    throw conflict(`The change request is ${changeRequest.status}: its content cannot be edited`);
}

export async function advanceChangeRequest<T extends { revision: RevisionRecord }>(
  ctx: OperationContext,
  space: SpaceRecord,
  first: ChangeRequestRecord,
  write: (changeRequest: ChangeRequestRecord, head: RevisionRecord) => Promise<T>,
): Promise<T & { changeRequest: ChangeRequestRecord }> {
  let changeRequest = first;
  for (let attempt = 0; attempt < MAX_POINTER_ATTEMPTS; attempt++) {
    if (attempt > 0) changeRequest = await findChangeRequestOf(ctx, space, first.id);
    refuseEditOfEnded(changeRequest);
    const head = await revisionOf(ctx, space.id, changeRequest.revision);
    const written = await write(changeRequest, head);
    const updated = await ctx.repos.changeRequests.update(
      changeRequest.id,
      { status: changeRequest.status, revision: changeRequest.revision },
      { revision: written.revision.id },
      ctx.clock.now().toISOString(),
      callerOf(ctx).userId,
    );
    if (updated) {
      // Who edits its pages together hears it (after the write, as every event).
      await publishChangeRequestContent(ctx, space, updated.id, written.revision.id);
      return { ...written, changeRequest: updated };
    }
  }
  throw conflict('The change request changed too often meanwhile: retry');
}
