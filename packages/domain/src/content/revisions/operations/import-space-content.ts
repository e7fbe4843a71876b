import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { conflict } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSpace } from '../../../policies/authorize-space';
import { SpaceIdParam } from '../../spaces/operations/params';
import { advanceSpace } from '../advance-space';
import type { ImportRequest, ImportSource } from '../content-imports';
import { ImportResultSchema, importShape } from '../import-request';
import type { ImportTarget } from '../import-target';
import { importedRevision } from '../imported-revision';
import { startImport } from '../start-import';

/**
 * Imports content into a live space (GitBook's `content/import`): the source is read
 * (a website crawled under its path prefix, an HTML page, a markdown file, a zip, a docx),
 * and its pages are added after the space's top-level pages, its files beside the space's,
 * as one new revision. The import is a job (`content.import`, run by a worker as the
 * caller, who is authorized again when it runs); the request waits a few seconds for it
 * (`startImport`), and a longer one answers with its job (`import`, `revision` empty);
 * `GET SPACE/content/imports/{id}` tells its progress and outcome. Needs `edit` on the
 * space. Outcomes: 201 `{revision, importedResources, totalResources}`; a space the caller
 * cannot view, 404; a role below edit, 403; a locked space, 409 and no job; a source Quire
 * does not read, 400 on `source`; one that cannot be fetched, is not what it was said to be,
 * is too big or unsafe, 400 on `url`, the content unchanged (the failed job is kept, with its
 * reason). An edit that lands meanwhile: the import is added onto it (compare-and-swap, 5 tries).
 */
export const importSpaceContent = operation({
  name: 'spaces.content.import',
  kind: 'mutation',
  summary: 'Import content into a space from a website, HTML, markdown, a zip or a docx',
  input: z.strictObject({ spaceId: SpaceIdParam, ...importShape }),
  output: ImportResultSchema,
  run: (ctx, input) =>
    importIntoSpace(ctx, input.spaceId, { source: input.source as ImportSource, url: input.url }),
});

/** The import of `importSpaceContent`, from a URL or from bytes (the CLI's local files). */
export async function importIntoSpace(ctx: OperationContext, spaceId: string, request: ImportRequest) {
  return startImport(ctx, await spaceImportTarget(ctx, spaceId), request);
}

/** The space as an import's target, once the caller may edit it: by the request, and by the job. */
export async function spaceImportTarget(ctx: OperationContext, spaceId: string): Promise<ImportTarget> {
  const { space } = await authorizeSpace(ctx, spaceId, 'edit');
  if (space.editMode === 'locked') throw conflict('The space is locked: its content cannot be edited');
  return {
    space,
    async write(content) {
      const { revision } = await advanceSpace(ctx, space, async (current, head) => ({
        revision: await importedRevision(ctx, { space: current, head, content }),
      }));
      return revision.id;
    },
  };
}
