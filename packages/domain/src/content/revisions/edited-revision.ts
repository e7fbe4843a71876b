/**
 * A batch of content changes applied to a revision and written as a new one (objects and
 * record, no pointer moved): the common step of editing a live space and a change request.
 */
import { callerOf, type OperationContext } from '../../core/context';
import type { SpaceRecord } from '../spaces/records';
import { applyChanges } from './apply-changes';
import type { AppliedChange, ContentChange } from './content-changes';
import { fileIdsOf, type InsertedFile, incomingFilesOf } from './incoming-files-of';
import { pageIndexOf } from './page-index';
import type { RevisionRecord } from './records';
import { filesOf } from './revision-content';
import { writeRevision } from './revision-writer';
import type { StoredPage } from './stored-page';

export interface EditedRevision {
  revision: RevisionRecord;
  applied: AppliedChange[];
  insertedFiles: InsertedFile[];
}

export async function editedRevision(
  ctx: OperationContext,
  edit: {
    space: Pick<SpaceRecord, 'id' | 'organizationId'>;
    head: RevisionRecord;
    /** What `revert_page` without a revision goes back to. */
    revertTo: string | undefined;
    changes: readonly ContentChange[];
    changeRequestId?: string;
  },
): Promise<EditedRevision> {
  const [index, files] = await Promise.all([pageIndexOf(ctx, edit.head.tree), filesOf(ctx, edit.head)]);
  const revisions = new Map<string, ReadonlyMap<string, StoredPage>>();
  for (const change of edit.changes) {
    if (change.operation !== 'revert_page') continue;
    const wanted = change.revision ?? edit.revertTo;
    if (wanted === undefined || revisions.has(wanted)) continue;
    const then = await ctx.repos.revisions.findById(edit.space.id, wanted);
    if (then) revisions.set(wanted, (await pageIndexOf(ctx, then.tree)).pages);
  }
  const fileIds = fileIdsOf(edit.changes, () => ctx.ids.newId());
  const batch = applyChanges(index.pages, edit.changes, {
    fileIds,
    now: ctx.clock.now().toISOString(),
    newId: () => ctx.ids.newId(),
    pagesAt: (revisionId) => revisions.get(revisionId ?? edit.revertTo ?? '') ?? null,
  });
  // After the page changes validated: a batch refused for them fetches nothing.
  const insertedFiles = await incomingFilesOf(ctx, edit.changes, fileIds);
  const revision = await writeRevision(ctx, {
    space: edit.space,
    parents: [edit.head],
    kind: 'edits',
    createdBy: callerOf(ctx).userId,
    pages: batch.pages,
    files: [...files, ...insertedFiles.map((inserted) => inserted.file)],
    objects: batch.bodies,
    ...(edit.changeRequestId !== undefined ? { changeRequestId: edit.changeRequestId } : {}),
  });
  return { revision, applied: batch.applied, insertedFiles };
}
