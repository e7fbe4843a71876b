import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeChangeRequest } from '../../../policies/authorize-change-request';
import { peopleInSight } from '../../../policies/people-in-sight';
import {
  AppliedChangeSchema,
  ContentChangesSchema,
  MadeFromRevisionSchema,
  presentChanges,
} from '../../revisions/content-changes';
import { editedRevision } from '../../revisions/edited-revision';
import { readBatchBodies } from '../../revisions/page-body';
import { FileSchema, presentFile } from '../../revisions/revision-schema';
import { advanceChangeRequest } from '../advance-change-request';
import { descriptionDocuments } from '../change-request-description';
import { changeRequestPeople } from '../change-request-people';
import { ChangeRequestSchema, changeRequestLocation, presentChangeRequest } from '../change-request-schema';
import { changeRequestPathShape } from './params';

const ContentUpdateSchema = z
  .object({
    changeRequest: ChangeRequestSchema,
    changes: z.array(AppliedChangeSchema).describe('What each page change did, in order'),
    insertedFiles: z.array(FileSchema).describe('The files the batch inserted'),
  })
  .meta({ id: 'ChangeRequestContentUpdate', description: 'A change request after a batch of changes' });

/**
 * Edits a change request's content (GitBook's `updateChangeRequestContent`): a batch of 1
 * to 50 changes applied in order to its current revision, making one new revision whose
 * parent is the one before; the caller becomes a contributor. Answers the change request
 * (`compat`, the default) or `{changeRequest, changes, insertedFiles}` (`compat=false`).
 * Needs `editContent` on the change request. Outcomes: a space or change request the
 * caller cannot see, 404; a role too low, 403; a merged or archived change request, 409
 * 'conflict' and nothing written; a change that cannot apply, 400 naming
 * `changes.<index>.<field>` and nothing written (a body beyond the markdown reading budget
 * too: `readBatchBodies`, before anything else reads it). Two edits at the same moment both land:
 * the change request's revision moves by compare-and-swap and the loser re-applies on the
 * winner's revision; after 5 lost attempts, 409. `revert_page` without a revision goes
 * back to the change request's base. With `revision` (the revision the edit was made from:
 * the change request's, or the space's when a live page's edit is saved into it) and a
 * change request whose revision is another, the batch is merged three-way into the change
 * request's content, so its earlier edits stay; conflicts are a 409 naming the pages
 * (`conflicts`) and nothing written; a revision not of this space, 400 naming `revision`.
 */
export const updateChangeRequestContent = operation({
  name: 'changeRequests.content.update',
  kind: 'mutation',
  summary: 'Edit the content of a change request: insert, update, move, delete and revert pages',
  input: z.strictObject({
    ...changeRequestPathShape,
    changes: ContentChangesSchema,
    revision: MadeFromRevisionSchema,
    compat: z
      .boolean()
      .optional()
      .describe('true (default): answer the change request; false: with the changes'),
  }),
  output: z.union([ChangeRequestSchema, ContentUpdateSchema]),
  async run(ctx, input) {
    const { space, changeRequest: first } = await authorizeChangeRequest(ctx, input, 'editContent');
    const bodies = await readBatchBodies(ctx, space.organizationId, input.changes, peopleInSight(ctx, space));
    const edited = await advanceChangeRequest(ctx, space, first, (changeRequest, head) =>
      editedRevision(ctx, {
        space,
        head,
        revertTo: changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial,
        changes: input.changes,
        changeRequestId: changeRequest.id,
        madeFrom: input.revision,
        bodies,
      }),
    );
    const updated = edited.changeRequest;
    const presented = presentChangeRequest(ctx.urls, updated, {
      organizationId: space.organizationId,
      spaceRevisionId: space.revisionId ?? '',
      userOf: await changeRequestPeople(ctx, space.organizationId, [updated]),
      descriptionOf: await descriptionDocuments(ctx, [updated]),
    });
    return input.compat === false
      ? {
          changeRequest: presented,
          changes: presentChanges(
            edited.applied,
            (pageId) => `${changeRequestLocation(ctx.urls, space.id, updated.id)}/content/page/${pageId}`,
          ),
          insertedFiles: edited.insertedFiles.map(({ file }) => presentFile(ctx.urls, file)),
        }
      : presented;
  },
});
