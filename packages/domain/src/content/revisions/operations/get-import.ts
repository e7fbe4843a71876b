import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { authorizeSpace } from '../../../policies/authorize-space';
import { SpaceIdParam } from '../../spaces/operations/params';
import { CONTENT_IMPORT_JOB, ImportJobSchema, presentImportJob } from '../import-jobs';

/**
 * An import into the space or one of its change requests, with its progress and outcome
 * (beyond GitBook's interface: long imports go on after their request answered): its job
 * (`content.import`), the import's id being the job's. Outcomes: a space the caller cannot
 * view, or an id that is not an import job of the space, 404.
 */
export const getImport = operation({
  name: 'spaces.content.imports.get',
  kind: 'query',
  summary: 'Get an import of content and its progress',
  input: z.strictObject({ spaceId: SpaceIdParam, importId: IdSchema.describe('Id of the import') }),
  output: ImportJobSchema,
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    const job = await ctx.repos.jobs.findById(input.importId);
    if (!job || job.kind !== CONTENT_IMPORT_JOB || job.spaceId !== space.id) throw notFound('Import');
    return presentImportJob(ctx.urls, job);
  },
});
