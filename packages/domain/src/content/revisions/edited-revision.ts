/**
 * A batch of content changes applied to a revision and written as a new one (objects and
 * record, no pointer moved): the common step of editing a live space and a change request.
 *
 * Rules:
 * 1. Without `madeFrom`, or with the head's own id, the batch applies to the head.
 * 2. With another revision of the space, the batch applies to that revision (the one the
 *    edit was made from) and the result is merged three-way into the head, with that
 *    revision as the base (`mergeContent`: page trees, and bodies line by line): what the
 *    head changed since stays, what the batch changed is added. A revision not of this
 *    space: 400 naming `revision`.
 * 3. What cannot be combined (both changed the same lines or field, a page deleted on one
 *    side and edited on the other, ...): 409 naming the pages (`batchConflicts`), nothing
 *    written.
 * The new revision's one parent is the head in every case.
 */
import { callerOf, type OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import { mergeRevisionExtras } from '../reusable-contents/merge-extras';
import { extrasOf } from '../reusable-contents/revision-extras';
import type { SpaceRecord } from '../spaces/records';
import { applyChanges } from './apply-changes';
import { batchConflicts } from './batch-conflicts';
import type { AppliedChange, ContentChange } from './content-changes';
import { editedFiles } from './file-changes';
import { fileIdsOf, type InsertedFile, incomingFilesOf } from './incoming-files-of';
import { withKeptMentionNames } from './kept-mention-names';
import { mergeContent } from './merge-revisions';
import type { ReadBody } from './page-body';
import { pageIndexOf } from './page-index';
import type { RevisionRecord } from './records';
import { contentOf, filesOf } from './revision-content';
import { type NewRevision, writeRevision } from './revision-writer';
import type { StoredPage } from './stored-page';

export interface EditedRevision {
  revision: RevisionRecord;
  applied: AppliedChange[];
  insertedFiles: InsertedFile[];
  /** The revision's pages as written (`advanceSpace` compares their places with the head's without reading the tree again). */
  pages: ReadonlyMap<string, StoredPage>;
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
    /** The revision the edit was made from (the batch's `revision`); absent: the head. */
    madeFrom?: string | undefined;
    /** The changes' bodies, read once before the edit's attempts (`readBatchBodies`). */
    bodies: ReadonlyMap<number, ReadBody>;
  },
): Promise<EditedRevision> {
  const from = await revisionMadeFrom(ctx, edit.space.id, edit.head, edit.madeFrom);
  const [index, files, extras] = await Promise.all([
    pageIndexOf(ctx, from.tree),
    filesOf(ctx, from),
    extrasOf(ctx, from),
  ]);
  const revisions = new Map<string, ReadonlyMap<string, StoredPage>>();
  for (const change of edit.changes) {
    if (change.operation !== 'revert_page') continue;
    const wanted = change.revision ?? edit.revertTo;
    if (wanted === undefined || revisions.has(wanted)) continue;
    const then = await ctx.repos.revisions.findById(edit.space.id, wanted);
    if (then) revisions.set(wanted, (await pageIndexOf(ctx, then.tree)).pages);
  }
  const fileIds = fileIdsOf(edit.changes, () => ctx.ids.newId());
  const now = ctx.clock.now().toISOString();
  const batch = applyChanges(index.pages, edit.changes, {
    fileIds,
    now,
    newId: () => ctx.ids.newId(),
    pagesAt: (revisionId) => revisions.get(revisionId ?? edit.revertTo ?? '') ?? null,
    bodies: await withKeptMentionNames(ctx, index.pages, edit.changes, edit.bodies),
    extras,
  });
  // After the page changes validated: a batch refused for them fetches nothing.
  const insertedFiles = await incomingFilesOf(ctx, edit.changes, fileIds);
  let content: Pick<NewRevision, 'pages' | 'files' | 'objects' | 'extras'> = {
    pages: batch.pages,
    files: await editedFiles(
      ctx,
      [...files, ...insertedFiles.map((inserted) => inserted.file)],
      edit.changes,
      fileIds,
    ),
    objects: batch.bodies,
    ...(batch.extras ? { extras: batch.extras } : {}),
  };
  if (from !== edit.head) {
    // Rule 2: the head moved on since the edit was made; merge into it.
    const head = await contentOf(ctx, edit.head);
    const merged = await mergeContent(
      ctx,
      { index, files },
      head,
      { index: { pages: batch.pages }, files: content.files },
      now,
      batch.bodies,
    );
    if (merged.result === 'conflicts') {
      throw batchConflicts(
        from.id,
        merged.conflicts,
        (pageId) => head.index.pages.get(pageId) ?? batch.pages.get(pageId),
      );
    }
    // The batch's reusable contents and variables, merged the same way (none changed: the head's).
    const extrasMerged = batch.extras
      ? await mergeRevisionExtras(ctx, from, edit.head, batch.extras, now)
      : ({ result: 'merged', extras: undefined } as const);
    if (extrasMerged.result === 'conflicts') {
      throw batchConflicts(from.id, extrasMerged.conflicts, (id) => batch.extras?.reusableContents.get(id));
    }
    content = {
      pages: merged.pages,
      files: merged.files,
      objects: merged.bodies,
      ...(extrasMerged.extras ? { extras: extrasMerged.extras } : {}),
    };
  }
  const revision = await writeRevision(ctx, {
    space: edit.space,
    parents: [edit.head],
    kind: 'edits',
    createdBy: callerOf(ctx).userId,
    ...content,
    ...(edit.changeRequestId !== undefined ? { changeRequestId: edit.changeRequestId } : {}),
  });
  return { revision, applied: batch.applied, insertedFiles, pages: content.pages };
}

/** Rules 1 and 2: the revision the batch applies to. */
async function revisionMadeFrom(
  ctx: OperationContext,
  spaceId: string,
  head: RevisionRecord,
  madeFrom: string | undefined,
): Promise<RevisionRecord> {
  if (madeFrom === undefined || madeFrom === head.id) return head;
  const revision = await ctx.repos.revisions.findById(spaceId, madeFrom);
  if (!revision) throw invalidInput('revision', 'no such revision of this space');
  return revision;
}
