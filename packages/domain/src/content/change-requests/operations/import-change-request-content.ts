import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { conflict } from '../../../core/errors';
import { operation } from '../../../core/operation';
import type { ImportSource } from '../../../core/ports/content-imports';
import { authorizeChangeRequest, findChangeRequestOf } from '../../../policies/authorize-change-request';
import { ImportResultSchema, importShape } from '../../revisions/import-request';
import { importedRevision } from '../../revisions/imported-revision';
import { MAX_POINTER_ATTEMPTS } from '../../revisions/operations/update-space-content';
import { runImport } from '../../revisions/run-import';
import { acceptsEdits } from '../patch-rules';
import { revisionOf } from './merge-change-request';
import { changeRequestPathShape } from './params';

/**
 * Imports content into a change request, as `spaces.content.import` does into a space: one
 * new revision of the change request, whose caller becomes a contributor. Needs
 * `editContent`. Outcomes: 201 `{revision, importedResources, totalResources}`; a space or
 * change request the caller cannot see, 404; a role too low, 403; a merged or archived
 * change request, 409 and nothing read; a source that cannot be read, 400 on `url` or
 * `source`, the content unchanged (the failed import is kept, with its reason, as a job).
 */
export const importChangeRequestContent = operation({
  name: 'changeRequests.content.import',
  kind: 'mutation',
  summary: 'Import content into a change request from a website, HTML, markdown, a zip or a docx',
  input: z.strictObject({ ...changeRequestPathShape, ...importShape }),
  output: ImportResultSchema,
  async run(ctx, input) {
    const { space, changeRequest: first } = await authorizeChangeRequest(ctx, input, 'editContent');
    if (!acceptsEdits(first.status))
      throw conflict(`The change request is ${first.status}: its content cannot be edited`);
    return runImport(
      ctx,
      { spaceId: space.id, changeRequestId: first.id },
      { source: input.source as ImportSource, url: input.url },
      async (content) => {
        for (let attempt = 0; attempt < MAX_POINTER_ATTEMPTS; attempt++) {
          const changeRequest = await findChangeRequestOf(ctx, space, first.id);
          if (!acceptsEdits(changeRequest.status)) {
            throw conflict(`The change request is ${changeRequest.status}: its content cannot be edited`);
          }
          const head = await revisionOf(ctx, space.id, changeRequest.revision);
          const revision = await importedRevision(ctx, {
            space,
            head,
            content,
            changeRequestId: changeRequest.id,
          });
          const updated = await ctx.repos.changeRequests.update(
            changeRequest.id,
            { status: changeRequest.status, revision: changeRequest.revision },
            { revision: revision.id },
            ctx.clock.now().toISOString(),
            callerOf(ctx).userId,
          );
          if (updated) return revision.id;
        }
        throw conflict('The change request changed too often meanwhile: retry');
      },
    );
  },
});
