/**
 * Uploads of a spec's source and the job that processes them. An upload is recorded in two
 * steps: its job is stored (pending), then the spec names it (`lastJobId`, compare-and-swap).
 * A crash between the two leaves a job the spec never named: the job waits for it
 * (`JobFailure` with retry, backoff) and fails once its attempts run out, the spec untouched.
 *
 * The job (`processOpenApiUpload`), rule by rule:
 * 1. the spec is gone (deleted meanwhile): nothing to do;
 * 2. the spec names a later upload: superseded, nothing to do;
 * 3. the spec does not name it yet (its second step not written): retried later;
 * 4. the description is fetched and processed (`OpenApiProcessor`); processed without
 *    error, it becomes a version whose id is the job's (a job run twice stores one);
 * 5. the spec records the outcome if it still names this upload: `processingState`
 *    'complete', `lastProcessedAt`, and `lastVersion` (success) or the error's code and
 *    message (failure: the previous version stays the last one).
 */
import { z } from 'zod';
import { callerOf, type OperationContext } from '../core/context';
import { enqueueJob, JobFailure, type JobHandler } from '../jobs';
import { changeSpec } from './change-openapi-spec';
import type { OpenApiProcessed, OpenApiSource } from './openapi-processor';
import type { OpenApiSpecRecord } from './records';

export const OPENAPI_PROCESS_JOB = 'openapi.process';

const PayloadSchema = z.object({
  specId: z.string(),
  source: z.union([z.object({ url: z.string() }), z.object({ text: z.string() })]),
});

/**
 * Records an upload of `source` on `spec` and starts its processing; answers the spec as
 * written (as found, when a later upload was recorded first). Retries the compare-and-swap when another change came first; a spec deleted
 * meanwhile answers null (its job finds no spec and ends).
 */
export async function uploadOpenApiSource(
  ctx: OperationContext,
  spec: OpenApiSpecRecord,
  source: OpenApiSource,
): Promise<OpenApiSpecRecord | null> {
  const job = await enqueueJob(ctx, {
    kind: OPENAPI_PROCESS_JOB,
    payload: { specId: spec.id, source },
    organizationId: spec.organizationId,
    createdBy: callerOf(ctx).userId,
  });
  const sourceURL = 'url' in source ? source.url : undefined;
  return changeSpec(ctx, spec, (current) => {
    // A later upload was recorded first (requests racing): it stays the last; this one's
    // job will find itself superseded.
    if (current.lastJobId !== undefined && current.lastJobId > job.id) return null;
    const { sourceURL: _previous, ...rest } = current;
    return {
      ...rest,
      ...(sourceURL === undefined ? {} : { sourceURL }),
      processingState: 'pending',
      lastJobId: job.id,
    };
  });
}

export const processOpenApiUpload: JobHandler = async (ctx, job, report) => {
  const payload = PayloadSchema.parse(job.payload);
  const spec = await ctx.repos.openApiSpecs.findById(payload.specId);
  if (!spec) return { outcome: 'deleted' }; // 1.
  if (spec.lastJobId !== job.id) {
    if (spec.lastJobId !== undefined && spec.lastJobId > job.id) return { outcome: 'superseded' }; // 2.
    throw new JobFailure('UPLOAD_NOT_RECORDED', 'The upload is not recorded on its specification yet', true); // 3.
  }
  const ours = (current: OpenApiSpecRecord) => current.lastJobId === job.id;
  await changeSpec(ctx, spec, (current) =>
    ours(current) ? { ...current, processingState: 'progress' } : null,
  );
  report.log('url' in payload.source ? `fetching ${payload.source.url}` : 'reading the uploaded text');
  const processed: OpenApiProcessed = await ctx.openApiProcessor.process(payload.source as OpenApiSource); // 4.
  if (processed.ok) {
    await ctx.repos.openApiVersions.insertOnce(
      {
        id: job.id,
        specId: spec.id,
        organizationId: spec.organizationId,
        ...('url' in payload.source ? { sourceURL: payload.source.url } : {}),
        specVersion: processed.version,
        ...(processed.title === undefined ? {} : { title: processed.title }),
        operations: processed.operations,
        createdAt: ctx.clock.now().toISOString(),
      },
      {
        versionId: job.id,
        files: processed.filesystem,
        ...(processed.bundled === undefined ? {} : { bundled: processed.bundled }),
      },
    );
    report.log(
      `processed: ${processed.version === '2.0' ? 'Swagger' : 'OpenAPI'} ${processed.version}, ${processed.filesystem.length} file(s), ${processed.operations} operation(s)`,
    );
  } else {
    report.log(`failed: ${processed.code}: ${processed.message}`);
  }
  const processedAt = ctx.clock.now().toISOString();
  const recorded = await changeSpec(ctx, spec, (current) => {
    if (!ours(current)) return null;
    const { lastProcessError: _error, ...rest } = current;
    return processed.ok
      ? { ...rest, processingState: 'complete', lastProcessedAt: processedAt, lastVersion: job.id }
      : {
          ...rest,
          processingState: 'complete',
          lastProcessedAt: processedAt,
          lastProcessError: { code: processed.code, message: processed.message },
        };
  }); // 5.
  return {
    outcome: processed.ok ? 'version' : 'error',
    recorded: recorded !== null && ours(recorded),
    ...(processed.ok ? { version: job.id } : { code: processed.code }),
  };
};

/** The handlers of the OpenAPI area's jobs, by kind. */
export const openApiJobHandlers = { [OPENAPI_PROCESS_JOB]: processOpenApiUpload };
