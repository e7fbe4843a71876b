import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { conflict } from '../../../core/errors';
import { operation } from '../../../core/operation';
import type { ImportRequest, ImportSource } from '../../../core/ports/content-imports';
import { authorizeSpace } from '../../../policies/authorize-space';
import { SpaceIdParam } from '../../spaces/operations/params';
import { advanceSpace } from '../advance-space';
import { ImportResultSchema, importShape } from '../import-request';
import { importedRevision } from '../imported-revision';
import { runImport } from '../run-import';

/**
 * Imports content into a live space (GitBook's `content/import`): the source is read
 * (a website crawled under its path prefix, an HTML page, a markdown file, a zip, a docx),
 * and its pages are added after the space's top-level pages, its files beside the space's,
 * as one new revision. An import longer than a few seconds answers with its job
 * (`import`, `revision` empty) and goes on; `GET SPACE/content/imports/{id}` tells its
 * progress and outcome (`runImport`). Needs `edit` on the space. Outcomes: 201 `{revision,
 * importedResources, totalResources}`; a space the caller cannot view, 404; a role below
 * edit, 403; a locked space, 409 and nothing read; a source Quire does not read, or one
 * that cannot be fetched, is not what it was said to be, is too big or unsafe, 400 on
 * `url` or `source`, the content unchanged (the failed import is kept, with its reason, as a job). An edit that lands meanwhile: the import is added
 * onto it (compare-and-swap, 5 tries).
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
  const { space } = await authorizeSpace(ctx, spaceId, 'edit');
  if (space.editMode === 'locked') throw conflict('The space is locked: its content cannot be edited');
  return runImport(ctx, { spaceId: space.id }, request, async (content) => {
    const { revision } = await advanceSpace(ctx, space, async (current, head) => ({
      revision: await importedRevision(ctx, { space: current, head, content }),
    }));
    return revision.id;
  });
}
