/**
 * Moving a live space to a new revision made from its head: `write` makes the revision from
 * the head it is given (objects and record), then the space's pointer moves by
 * compare-and-swap. A write that lost to another (the head moved meanwhile) is made again
 * on the new head, up to `MAX_POINTER_ATTEMPTS` times, then 409. A space deleted or locked
 * meanwhile is a 409 before anything more is written. A write answering the head itself
 * (it holds the content already) moves nothing.
 */
import type { OperationContext } from '../../core/context';
import { conflict } from '../../core/errors';
import type { PagePlace } from '../path-redirects/moved-paths';
import { recordPathChanges } from '../path-redirects/recorded-paths';
import type { SpaceRecord } from '../spaces/records';
import type { RevisionRecord } from './records';
import { storedSpaceHead } from './revision-writer';
import { publishSpaceContent } from './space-content-event';

/** Attempts at moving a pointer before giving up (each lost one writes again on the new head). */
export const MAX_POINTER_ATTEMPTS = 5;

export async function advanceSpace<
  T extends { revision: RevisionRecord; pages?: ReadonlyMap<string, PagePlace> },
>(
  ctx: OperationContext,
  space: SpaceRecord,
  write: (current: SpaceRecord, head: RevisionRecord) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < MAX_POINTER_ATTEMPTS; attempt++) {
    const current = attempt === 0 ? space : await ctx.repos.spaces.findById(space.id);
    if (!current || current.deletedAt !== undefined) throw conflict('The space was deleted meanwhile');
    if (current.editMode === 'locked') throw conflict('The space is locked: its content cannot be edited');
    const head = await storedSpaceHead(ctx, current);
    const written = await write(current, head);
    if (written.revision.id === head.id) return written;
    if (await ctx.repos.spaces.moveRevision(space.id, head.id, written.revision.id)) {
      // Pages that moved keep answering at their old paths (issue 28, item 5).
      await recordPathChanges(ctx, current, head, written.revision, written.pages);
      await publishSpaceContent(ctx, current, written.revision.id);
      return written;
    }
  }
  throw conflict('The space changed too often meanwhile: retry');
}
