import { z } from 'zod';
import { conflict } from '../../../core/errors';
import { operation } from '../../../core/operation';
import type { ImportSource } from '../../../core/ports/content-imports';
import { authorizeChangeRequest } from '../../../policies/authorize-change-request';
import { ImportResultSchema, importShape } from '../../revisions/import-request';
import { importedRevision } from '../../revisions/imported-revision';
import { runImport } from '../../revisions/run-import';
import { advanceChangeRequest } from '../advance-change-request';
import { acceptsEdits } from '../patch-rules';
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
        const { revision } = await advanceChangeRequest(ctx, space, first, async (changeRequest, head) => ({
          revision: await importedRevision(ctx, { space, head, content, changeRequestId: changeRequest.id }),
        }));
        return revision.id;
      },
    );
  },
});
