import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { conflict } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeChangeRequest } from '../../../policies/authorize-change-request';
import type { ImportSource } from '../../revisions/content-imports';
import { ImportResultSchema, importShape } from '../../revisions/import-request';
import type { ImportTarget } from '../../revisions/import-target';
import { importedRevision } from '../../revisions/imported-revision';
import { startImport } from '../../revisions/start-import';
import { advanceChangeRequest } from '../advance-change-request';
import { acceptsEdits } from '../patch-rules';
import { changeRequestPathShape } from './params';

/**
 * Imports content into a change request, as `spaces.content.import` does into a space: one
 * new revision of the change request, whose caller becomes a contributor, written by a job
 * (`content.import`) that authorizes its creator again when it runs. Needs `editContent`.
 * Outcomes: 201 `{revision, importedResources, totalResources}` (`revision` empty while the
 * job goes on); a space or change request the caller cannot see, 404; a role too low, 403;
 * a merged or archived change request, 409 and no job; a source that cannot be read, 400 on
 * `url` or `source`, the content unchanged (the failed job is kept, with its reason).
 */
export const importChangeRequestContent = operation({
  name: 'changeRequests.content.import',
  kind: 'mutation',
  summary: 'Import content into a change request from a website, HTML, markdown, a zip or a docx',
  input: z.strictObject({ ...changeRequestPathShape, ...importShape }),
  output: ImportResultSchema,
  run: async (ctx, input) =>
    startImport(ctx, await changeRequestImportTarget(ctx, input), {
      source: input.source as ImportSource,
      url: input.url,
    }),
});

/** The change request as an import's target, once the caller may edit its content: by the request, and by the job. */
export async function changeRequestImportTarget(
  ctx: OperationContext,
  path: { spaceId: string; changeRequestId: string },
): Promise<ImportTarget> {
  const { space, changeRequest: first } = await authorizeChangeRequest(ctx, path, 'editContent');
  if (!acceptsEdits(first.status))
    throw conflict(`The change request is ${first.status}: its content cannot be edited`);
  return {
    space,
    changeRequestId: first.id,
    async write(content) {
      const { revision } = await advanceChangeRequest(ctx, space, first, async (changeRequest, head) => ({
        revision: await importedRevision(ctx, { space, head, content, changeRequestId: changeRequest.id }),
      }));
      return revision.id;
    },
  };
}
