/**
 * An import as its callers see it: a job of kind `content.import` on the job runner
 * (`content-import-job.ts`), presented in the `ContentImport` shape. Its id is the job's;
 * its status the job's state (a job whose worker died is taken over and runs again, so no
 * import is left 'interrupted'); its progress, revision and error the job's.
 */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { TimestampSchema } from '../../core/schemas';
import { JOB_STATES, type JobRecord } from '../../jobs';
import { spaceLocation } from '../spaces/space-schema';

/** How long an import request waits for its job before answering and leaving it running. */
export const IMPORT_WAIT_MS = 3_000;

export const CONTENT_IMPORT_JOB = 'content.import';

/** What an import job is given: where to write, and what to read (a URL, or bytes kept under `fileKey`). */
export const ContentImportPayloadSchema = z.object({
  spaceId: z.string(),
  changeRequestId: z.string().optional(),
  source: z.string(),
  url: z.string().optional(),
  /** The key of the bytes in `ctx.jobFiles` (a local file the CLI imports), removed when the job ends. */
  fileKey: z.string().optional(),
  /** The file's name, for bytes. */
  name: z.string().optional(),
});

export type ContentImportPayload = z.infer<typeof ContentImportPayloadSchema>;

/** What an import job returns once done (GitBook's answer to `content/import`). */
export const ContentImportResultSchema = z.object({
  revision: z.string(),
  importedResources: z.number().int(),
  totalResources: z.number().int(),
});

export type ContentImportResult = z.infer<typeof ContentImportResultSchema>;

export const ImportJobSchema = z
  .object({
    object: z.literal('content-import'),
    id: z.string().describe('Id of the import: the id of its job (`GET /v1/jobs/{jobId}`)'),
    status: z
      .enum(JOB_STATES)
      .describe('pending (waiting for a worker, or for a retry), running, done or failed'),
    source: z.string(),
    url: z.string(),
    done: z.number().int().min(0).describe('Resources read so far'),
    total: z.number().int().min(0).describe('Resources found so far'),
    attempts: z.number().int().min(0).describe('Attempts started so far (a retry or a takeover counts one)'),
    revision: z.string().optional().describe('The revision it made, once done'),
    error: z.string().optional().describe('Why it failed (or why its last attempt did)'),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'ContentImport', description: 'An import of content, with its progress' });

export type ImportJob = z.infer<typeof ImportJobSchema>;

export function presentImportJob(urls: PublicUrls, job: JobRecord): ImportJob {
  const payload = ContentImportPayloadSchema.parse(job.payload);
  const result = job.state === 'done' ? ContentImportResultSchema.safeParse(job.result) : undefined;
  return {
    object: 'content-import',
    id: job.id,
    status: job.state,
    source: payload.source,
    url: payload.url ?? payload.name ?? '',
    done: job.progress.done,
    total: job.progress.total,
    attempts: job.attempts,
    ...(result?.success ? { revision: result.data.revision } : {}),
    ...(job.error !== undefined ? { error: job.error.message } : {}),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    urls: { location: `${spaceLocation(urls, payload.spaceId)}/content/imports/${job.id}` },
  };
}
