/**
 * The import job (`content.import`), run by a worker as the user who started the import.
 * Rule by rule:
 * 1. the target is authorized again as the job's creator, with the operation's own guards
 *    (the space may have been locked, the grant revoked, the change request merged since):
 *    refused, the job fails (`IMPORT_REFUSED`, the guard's message), nothing read;
 * 2. the source is read through `ctx.contentImports` (a URL, or the bytes kept under the
 *    payload's `fileKey`), its progress reported; a source that cannot be read fails the job
 *    (`INVALID_SOURCE`, the reader's safe message, not retried), the content unchanged;
 *    each page's markdown is then read by the `UntrustedMarkdown` port (`acceptedImport`): a
 *    page beyond the markdown budget fails the job the same way, naming the page;
 * 3. the content is written as one revision (the target's compare-and-swap) and the job
 *    answers GitBook's `{revision, importedResources, totalResources}`;
 * 4. any other error is retried with backoff by the runner. The kept bytes are removed when
 *    the job ends for good: done, failed without retry, or its last attempt failed.
 * A job taken over from a dead worker runs again from the start: content is written only at
 * its end, so a worker that died while reading wrote nothing.
 */
import type { OperationContext } from '../../core/context';
import { failingOnRefusal, JobFailure, type JobHandler, type JobRecord } from '../../jobs';
import { changeRequestImportTarget } from '../change-requests/operations/import-change-request-content';
import { acceptedImport } from './accepted-import';
import { IMPORT_REFUSED, INVALID_SOURCE, SOURCE_FILE_GONE } from './content-import-failures';
import { ContentImportError, type ImportRequest, type ImportSource } from './content-imports';
import {
  CONTENT_IMPORT_JOB,
  type ContentImportPayload,
  ContentImportPayloadSchema,
  type ContentImportResult,
} from './import-jobs';
import type { ImportTarget } from './import-target';
import { spaceImportTarget } from './operations/import-space-content';

export const runContentImport: JobHandler = async (ctx, job, report) => {
  const payload = ContentImportPayloadSchema.parse(job.payload);
  try {
    const result = await importOnce(ctx, payload, report);
    await dropFile(ctx, payload);
    return result;
  } catch (error) {
    if (endsForGood(job, error)) await dropFile(ctx, payload);
    throw error;
  }
};

async function importOnce(
  ctx: OperationContext,
  payload: ContentImportPayload,
  report: Parameters<JobHandler>[2],
): Promise<ContentImportResult> {
  const target = await targetOf(ctx, payload); // 1.
  report.log(`reading ${payload.url ?? payload.name ?? 'the file'} (${payload.source})`);
  const content = await ctx.contentImports
    .read(await requestOf(ctx, payload), (done, total) => report.progress(done, total))
    .catch((error: unknown) => {
      if (error instanceof ContentImportError) throw new JobFailure(INVALID_SOURCE, error.message);
      throw error;
    }); // 2.
  // Readers of one document never report progress: the outcome says how much was read.
  report.progress(content.importedResources, content.totalResources);
  const accepted = await acceptedImport(ctx, content, INVALID_SOURCE); // 2.
  const revision = await target.write(accepted); // 3.
  report.log(
    `imported ${content.importedResources} of ${content.totalResources} resources: revision ${revision}`,
  );
  return {
    revision,
    importedResources: content.importedResources,
    totalResources: content.totalResources,
  };
}

/** The target as the job's creator may write it now; a refusal ends the job (rule 1). */
function targetOf(ctx: OperationContext, payload: ContentImportPayload): Promise<ImportTarget> {
  return failingOnRefusal(IMPORT_REFUSED, () =>
    payload.changeRequestId === undefined
      ? spaceImportTarget(ctx, payload.spaceId)
      : changeRequestImportTarget(ctx, {
          spaceId: payload.spaceId,
          changeRequestId: payload.changeRequestId,
        }),
  );
}

async function requestOf(ctx: OperationContext, payload: ContentImportPayload): Promise<ImportRequest> {
  const source = payload.source as ImportSource;
  if (payload.fileKey === undefined)
    return { source, ...(payload.url === undefined ? {} : { url: payload.url }) };
  const bytes = await ctx.jobFiles.read(payload.fileKey);
  if (!bytes) throw new JobFailure(SOURCE_FILE_GONE, 'The file to import is no longer kept');
  return { source, bytes, ...(payload.name === undefined ? {} : { name: payload.name }) };
}

/** Whether this attempt's error is the job's last: no retry follows it. */
function endsForGood(job: JobRecord, error: unknown): boolean {
  if (error instanceof JobFailure && !error.retry) return true;
  return job.attempts >= job.maxAttempts;
}

async function dropFile(ctx: OperationContext, payload: ContentImportPayload): Promise<void> {
  if (payload.fileKey !== undefined) await ctx.jobFiles.delete(payload.fileKey);
}

/** The handlers of the content area's jobs, by kind. */
export const contentImportJobHandlers = { [CONTENT_IMPORT_JOB]: runContentImport };
