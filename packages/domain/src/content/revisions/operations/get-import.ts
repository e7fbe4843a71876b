import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { authorizeSpace } from '../../../policies/authorize-space';
import { SpaceIdParam } from '../../spaces/operations/params';
import { ImportJobSchema, presentImportJob } from '../import-jobs';

/**
 * An import into the space or one of its change requests, with its progress and outcome
 * (beyond GitBook's interface: long imports go on after their request answered). Outcomes:
 * a space the caller cannot view, or an import that is not the space's, 404.
 */
export const getImport = operation({
  name: 'spaces.content.imports.get',
  kind: 'query',
  summary: 'Get an import of content and its progress',
  input: z.strictObject({ spaceId: SpaceIdParam, importId: IdSchema.describe('Id of the import') }),
  output: ImportJobSchema,
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    const job = await ctx.repos.importJobs.findById(space.id, input.importId);
    if (!job) throw notFound('Import');
    return presentImportJob(ctx.urls, job, ctx.clock.now());
  },
});
