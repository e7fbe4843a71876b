import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeSpace } from '../../../policies/authorize-space';
import { peopleInSight } from '../../../policies/people-in-sight';
import { SpaceIdParam } from '../../spaces/operations/params';
import { spaceLocation } from '../../spaces/space-schema';
import { advanceSpace } from '../advance-space';
import {
  AppliedChangeSchema,
  ContentChangesSchema,
  MadeFromRevisionSchema,
  presentChanges,
} from '../content-changes';
import { editedRevision } from '../edited-revision';
import { readBatchBodies } from '../page-body';
import { FileSchema, presentFile } from '../revision-schema';

/**
 * Edits a space's content directly (its `editMode` is 'live'): a batch of 1 to 50 changes
 * applied in order to the current content, making one new revision. Needs `edit` on the
 * space. Outcomes: a space the caller cannot view, 404; a role below edit, 403; a locked
 * space, 409 'conflict' and nothing written; a change that cannot apply, 400 naming
 * `changes.<index>.<field>` and nothing written (a body beyond the markdown reading budget
 * too: `readBatchBodies`, before anything else reads it). Two edits at the same moment both land:
 * the pointer moves by compare-and-swap, and the one that lost re-applies its changes on
 * the revision the other made (changes name pages by id, so they mean the same there);
 * after 5 lost attempts, 409. `revert_page` without a revision goes back to the revision
 * before the current one. With `revision` (the revision the edit was made from) and a space
 * that moved on since, the batch is merged three-way into the current content; conflicts
 * are a 409 naming the pages (`conflicts`) and nothing written; a revision not of this
 * space, 400 naming `revision` (`editedRevision`).
 */
export const updateSpaceContent = operation({
  name: 'spaces.content.update',
  kind: 'mutation',
  summary: 'Edit the content of a live space: insert, update, move, delete and revert pages',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    changes: ContentChangesSchema,
    revision: MadeFromRevisionSchema,
  }),
  output: z
    .object({
      revision: z.string().describe('Id of the new revision'),
      changes: z.array(AppliedChangeSchema).describe('What each page change did, in order'),
      insertedFiles: z.array(FileSchema).describe('The files the batch inserted'),
    })
    .meta({ id: 'SpaceContentUpdate', description: 'The revision a batch of changes made' }),
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'edit');
    const bodies = await readBatchBodies(ctx, space.organizationId, input.changes, peopleInSight(ctx, space));
    const edited = await advanceSpace(ctx, space, (current, head) =>
      editedRevision(ctx, {
        space: current,
        head,
        revertTo: head.parents[0],
        changes: input.changes,
        madeFrom: input.revision,
        bodies,
      }),
    );
    return {
      revision: edited.revision.id,
      changes: presentChanges(
        edited.applied,
        (pageId) => `${spaceLocation(ctx.urls, space.id)}/content/page/${pageId}`,
      ),
      insertedFiles: edited.insertedFiles.map(({ file }) => presentFile(ctx.urls, file)),
    };
  },
});
