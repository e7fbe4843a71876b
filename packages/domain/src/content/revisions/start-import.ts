/**
 * The request's part of an import: the bytes of a local file are kept first (`jobFiles`,
 * under a key of their own, named in the payload), then the `content.import` job is stored
 * and the request waits up to `IMPORT_WAIT_MS` for a worker (this process's or another's) to
 * end it, reading the job record every `IMPORT_POLL_MS`. Done in time: GitBook's answer with
 * its revision. Failed in time because of its source: the source's 400 on `url`. Otherwise
 * (still pending or running, or failed for another reason): `revision` empty and the job,
 * whose outcome `GET SPACE/content/imports/{id}` reads later.
 */
import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import { enqueueJob, type JobRecord, waitForJobEnd } from '../../jobs';
import { INVALID_SOURCE } from './content-import-failures';
import type { ImportRequest } from './content-imports';
import {
  CONTENT_IMPORT_JOB,
  type ContentImportPayload,
  ContentImportResultSchema,
  IMPORT_WAIT_MS,
  type ImportJob,
  presentImportJob,
} from './import-jobs';
import type { ImportTarget } from './import-target';

/** How often a waiting request reads its job. */
export const IMPORT_POLL_MS = 50;

export interface ImportOutcome {
  /** The revision made; empty while the import goes on in the background. */
  revision: string;
  importedResources: number;
  totalResources: number;
  import: ImportJob;
}

export async function startImport(
  ctx: OperationContext,
  target: ImportTarget,
  request: ImportRequest,
): Promise<ImportOutcome> {
  const job = await enqueueImport(ctx, target, request);
  const ended =
    (await waitForJobEnd(ctx.repos.jobs, job.id, { waitMs: IMPORT_WAIT_MS, pollMs: IMPORT_POLL_MS })) ?? job;
  const result = ended.state === 'done' ? ContentImportResultSchema.safeParse(ended.result) : undefined;
  if (result?.success) return { ...result.data, import: presentImportJob(ctx.urls, ended) };
  if (ended.state === 'failed' && ended.error?.code === INVALID_SOURCE)
    throw invalidInput('url', ended.error.message);
  return {
    revision: '',
    importedResources: ended.progress.done,
    totalResources: ended.progress.total,
    import: presentImportJob(ctx.urls, ended),
  };
}

/**
 * Stores the import's job (pending, as the caller), its bytes first when it has some: the
 * caller must have been authorized for `target` already.
 */
export async function enqueueImport(
  ctx: OperationContext,
  target: Pick<ImportTarget, 'space' | 'changeRequestId'>,
  request: ImportRequest,
): Promise<JobRecord> {
  const fileKey = request.bytes === undefined ? undefined : ctx.ids.newId();
  if (fileKey !== undefined && request.bytes !== undefined) await ctx.jobFiles.put(fileKey, request.bytes);
  const payload: ContentImportPayload = {
    spaceId: target.space.id,
    ...(target.changeRequestId === undefined ? {} : { changeRequestId: target.changeRequestId }),
    source: request.source,
    ...(request.url === undefined ? {} : { url: request.url }),
    ...(fileKey === undefined ? {} : { fileKey }),
    ...(request.name === undefined ? {} : { name: request.name }),
  };
  try {
    return await enqueueJob(ctx, {
      kind: CONTENT_IMPORT_JOB,
      payload,
      organizationId: target.space.organizationId,
      spaceId: target.space.id,
    });
  } catch (error) {
    // No job will ever read the bytes.
    if (fileKey !== undefined) await ctx.jobFiles.delete(fileKey).catch(() => {});
    throw error;
  }
}
