import { z } from 'zod';
import { callerOf, type OperationContext } from '../../../core/context';
import { conflict } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { authorizeChangeRequest } from '../../../policies/authorize-change-request';
import { recordPathChanges } from '../../path-redirects/recorded-paths';
import { mergeRevisionExtras } from '../../reusable-contents/merge-extras';
import { sameExtras } from '../../reusable-contents/revision-extras';
import { MAX_POINTER_ATTEMPTS } from '../../revisions/advance-space';
import { mergeContent } from '../../revisions/merge-revisions';
import { pageIndexOf } from '../../revisions/page-index';
import type { RevisionRecord } from '../../revisions/records';
import { filesOf } from '../../revisions/revision-content';
import { storedSpaceHead, writeRevision } from '../../revisions/revision-writer';
import { publishSpaceContent } from '../../revisions/space-content-event';
import { acceptsEdits } from '../patch-rules';
import type { ChangeRequestRecord } from '../records';
import { checkMergeRules, mergeBlocked } from '../reviews/merge-check';
import { type MergeOutcome, MergeResultSchema } from './merge-result';
import { changeRequestPathShape } from './params';

/** The revision a change request's edits start from: its last update, else its creation. */
export const baseOf = (changeRequest: ChangeRequestRecord): string =>
  changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial;

/** A revision of the space, or an error: change requests and spaces only point at revisions they wrote. */
export async function revisionOf(
  ctx: OperationContext,
  spaceId: string,
  revisionId: string,
): Promise<RevisionRecord> {
  const revision = await ctx.repos.revisions.findById(spaceId, revisionId);
  if (!revision) throw new Error(`revision ${revisionId} of space ${spaceId} is missing`);
  return revision;
}

/** The content of a revision, as the merge takes it. */
export async function mergeSide(ctx: OperationContext, revision: RevisionRecord) {
  const [index, files] = await Promise.all([pageIndexOf(ctx, revision.tree), filesOf(ctx, revision)]);
  return { index, files };
}

/**
 * Merges a change request into its space: a three-way merge of page trees (base: the
 * change request's base, ours: the space's head, theirs: the change request's head; see
 * `mergePages` for the rules). Needs `merge` on the change request (review). Outcomes:
 * - merged: a revision with two parents (the space's head, the change request's) becomes
 *   the space's head by compare-and-swap; the change request is 'merged' with
 *   `revisionMerged`, `mergedBy`, `mergedAt`; answers `{revision, result: 'merge'}`.
 *   When the space did not move since the base, the merged content is the change
 *   request's own (no merge needed), still recorded as a two-parent revision.
 * - what cannot be merged: 200 `{revision: <the space's head>, result: 'conflicts',
 *   conflicts}` naming each page and field; nothing is written.
 * - `expectedRevision` given and the space's head is another: 409 'conflict'.
 * - people typing into its pages together (co-editing): what they typed is saved into it
 *   first (`live-edits.ts`), then it is read and checked again as below, so the merge holds
 *   their last keystrokes, and a merge rule refuses content that came in after an approval as
 *   it would any; once merged, their editors are told at once that it takes no more edits.
 * - a space or change request the caller cannot see, 404; a role too low, 403; a change
 *   request already merged or archived, 409; a merge rule in force that it does not meet
 *   (the space's, else its organization's: `reviews/merge-rules.ts`), 409 naming the first
 *   such rule, nothing written. The rules are read before the merge: a review or a new
 *   revision landing during it is not seen (a new revision makes the merge itself 409).
 * Two change requests merged at the same moment both land: the one whose pointer move
 * lost merges again onto the new head (up to 5 times, then 409).
 * A crash after the space moved but before the change request was marked merged leaves it
 * open with its content in the space; merging it again is a no-op merge that marks it.
 * The same change request merged twice at once: the second sees it merged before moving
 * the space and answers 409 (in the narrow window between the first's pointer move and its
 * marking, the second can land an identical merge first: the history then shows two merge
 * revisions; the content is never doubled, since the second merges identical changes).
 */
export const mergeChangeRequest = operation({
  name: 'changeRequests.merge',
  kind: 'mutation',
  summary: 'Merge a change request into its space',
  input: z.strictObject({
    ...changeRequestPathShape,
    expectedRevision: IdSchema.optional().describe('Refuse (409) unless the space is at this revision'),
  }),
  output: MergeResultSchema,
  async run(ctx, input): Promise<MergeOutcome> {
    let { space, changeRequest } = await mergeable(ctx, input);
    // What people are typing into its pages is saved first (`live-edits.ts`), then everything
    // is read and checked again: a review rule may refuse the content that came in.
    const place = { spaceId: space.id, changeRequestId: changeRequest.id };
    if (await ctx.liveEdits.settle(place)) ({ space, changeRequest } = await mergeable(ctx, input));
    const userId = callerOf(ctx).userId;
    const [base, theirs] = await Promise.all([
      revisionOf(ctx, space.id, baseOf(changeRequest)),
      revisionOf(ctx, space.id, changeRequest.revision),
    ]);
    for (let attempt = 0; attempt < MAX_POINTER_ATTEMPTS; attempt++) {
      const current = attempt === 0 ? space : await ctx.repos.spaces.findById(space.id);
      if (!current || current.deletedAt !== undefined) throw conflict('The space was deleted meanwhile');
      const ours = await storedSpaceHead(ctx, current);
      if (input.expectedRevision !== undefined && input.expectedRevision !== ours.id) {
        throw conflict('The space is no longer at the expected revision');
      }
      const merged =
        ours.tree === base.tree && ours.files === base.files && sameExtras(ours, base)
          ? null
          : await mergeContent(
              ctx,
              await mergeSide(ctx, base),
              await mergeSide(ctx, ours),
              await mergeSide(ctx, theirs),
              ctx.clock.now().toISOString(),
            );
      // Reusable contents and variables merge beside the pages (`merge-extras.ts`).
      const extras = merged
        ? await mergeRevisionExtras(ctx, base, ours, theirs, ctx.clock.now().toISOString())
        : null;
      if (merged?.result === 'conflicts' || extras?.result === 'conflicts') {
        return {
          revision: ours.id,
          result: 'conflicts',
          conflicts: [
            ...(merged?.result === 'conflicts' ? merged.conflicts : []),
            ...(extras?.result === 'conflicts' ? extras.conflicts : []),
          ].map(({ pageId, field, reason }) => ({ page: pageId, field, reason })),
        };
      }
      const revision = merged
        ? await writeRevision(ctx, {
            space: current,
            parents: [ours, theirs],
            kind: 'merge',
            createdBy: userId,
            changeRequestId: changeRequest.id,
            pages: merged.pages,
            files: merged.files,
            objects: merged.bodies,
            ...(extras?.extras ? { extras: extras.extras } : {}),
          })
        : await writeSharedRevision(ctx, theirs, ours, userId, changeRequest.id);
      // A merge of the same change request that landed meanwhile: stop before moving the
      // space (the revision just written stays unreferenced).
      if (!(await stillMergeable(ctx, changeRequest))) {
        throw conflict('The change request was merged or changed meanwhile: read it again');
      }
      if (!(await ctx.repos.spaces.moveRevision(space.id, ours.id, revision.id))) continue;
      // Pages the merge moved keep answering at their old paths (issue 28, item 5).
      await recordPathChanges(ctx, space, ours, revision);
      await publishSpaceContent(ctx, space, revision.id);
      const now = ctx.clock.now().toISOString();
      const marked = await ctx.repos.changeRequests.update(
        changeRequest.id,
        { status: changeRequest.status, revision: changeRequest.revision },
        { status: 'merged', revisionMerged: revision.id, mergedBy: userId, mergedAt: now },
        now,
      );
      // Edited or merged by someone else meanwhile: the space has this merge; say so.
      if (!marked) throw conflict('The change request changed while it was merged: read it again');
      await ctx.liveEdits.ended(place, 'merged');
      return { revision: revision.id, result: 'merge' };
    }
    throw conflict('The space changed too often meanwhile: retry');
  },
});

/**
 * The change request and its space as a merge reads them, once the caller may merge it, it
 * takes edits, and the merge rules in force let it merge (`reviews/merge-rules.ts`): all
 * before anything is written.
 */
async function mergeable(ctx: OperationContext, input: { spaceId: string; changeRequestId: string }) {
  const read = await authorizeChangeRequest(ctx, input, 'merge');
  if (!acceptsEdits(read.changeRequest.status))
    throw conflict(`The change request is ${read.changeRequest.status}`);
  const { blocking } = await checkMergeRules(ctx, read.space, read.changeRequest);
  if (blocking) throw mergeBlocked(blocking);
  return read;
}

/** Whether the change request is still as the merge read it (status and revision). */
async function stillMergeable(ctx: OperationContext, read: ChangeRequestRecord): Promise<boolean> {
  const now = await ctx.repos.changeRequests.findById(read.id);
  return now !== null && now.status === read.status && now.revision === read.revision;
}

/** A merge revision whose content is one side's as it is (a fast-forward): the same objects. */
function writeSharedRevision(
  ctx: OperationContext,
  content: RevisionRecord,
  onto: RevisionRecord,
  createdBy: string,
  changeRequestId: string,
): Promise<RevisionRecord> {
  const record: RevisionRecord = {
    id: ctx.ids.newId(),
    spaceId: content.spaceId,
    organizationId: content.organizationId,
    parents: [onto.id, content.id],
    depth: onto.depth + 1,
    tree: content.tree,
    files: content.files,
    ...(content.reusableContents !== undefined ? { reusableContents: content.reusableContents } : {}),
    ...(content.variables !== undefined ? { variables: content.variables } : {}),
    kind: 'merge',
    createdBy,
    createdAt: ctx.clock.now().toISOString(),
    changeRequestId,
  };
  return ctx.repos.revisions.insert(record).then(() => record);
}
