/**
 * The PDF a verified link names, rendered by a `pdf.render` job (`pdf/pdf-render-job.ts`)
 * into the blob store and found again through the job's key:
 *
 * 1. the space deleted since: gone;
 * 2. the newest job of the content's key is done and its blob is there: the stored PDF;
 * 3. else the newest job is unfinished (pending or running): wait for it;
 * 4. else (none, failed, or done but its blob missing) a new job is enqueued, as the user
 *    the link was signed for, in its organization: wait for it.
 *
 * Waiting polls the job's record (the worker may run in another process) every `pollMs` up
 * to `waitMs`: done, the stored PDF; failed, its safe message (`PDF_CONTENT_GONE`: gone);
 * still unfinished, `rendering` (the route answers 503 with Retry-After).
 *
 * Two requests racing at 3-4 may both enqueue, so the same content is at worst rendered
 * twice: the same bytes under the same hash, each waiter served by its own job, and later
 * links by the newest. Nothing stronger is needed, so no lock.
 */
import { type DomainServices, enqueueJob, type JobRecord, waitForJobEnd } from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import type { PdfDownload, PdfDownloads } from '../pdf/pdf-downloads';
import type { PdfLinkPayload } from '../pdf/pdf-links';
import {
  PDF_CONTENT_GONE,
  PDF_RENDER_JOB,
  type PdfRendered,
  PdfRenderedSchema,
  pdfRenderKeyOf,
} from '../pdf/pdf-render-job';
import type { PdfRenderTarget } from './pdf-content';

const DEFAULT_POLL_MS = 100;
/** What a 503 tells the client to wait before asking again. */
const RETRY_AFTER_SECONDS = 5;
const RENDER_FAILED_MESSAGE = 'The PDF could not be rendered';

export interface PdfExportsOptions {
  /** How long a download waits for its render before answering 503. */
  waitMs: number;
  /** How often the job's record is read while waiting. */
  pollMs?: number;
}

export type PdfExportServices = Pick<DomainServices, 'repos' | 'clock' | 'ids' | 'events'> & {
  blobs: StoredBlobs;
};

export class JobPdfDownloads implements PdfDownloads {
  readonly #pollMs: number;

  constructor(
    private readonly services: PdfExportServices,
    private readonly options: PdfExportsOptions,
  ) {
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  }

  async download(link: PdfLinkPayload, signal?: AbortSignal): Promise<PdfDownload> {
    const { repos } = this.services;
    const space = await repos.spaces.findById(link.spaceId);
    if (!space || space.deletedAt !== undefined) return { kind: 'gone' }; // 1.
    const target: PdfRenderTarget = {
      spaceId: space.id,
      revisionId: link.revisionId,
      spaceTitle: space.title,
      ...(link.pageId === undefined ? {} : { pageId: link.pageId }),
    };
    const key = pdfRenderKeyOf(target);
    let job = await repos.jobs.findLatestByKey(PDF_RENDER_JOB, key);
    if (job?.state === 'done') {
      const stored = await this.#stored(job); // 2.
      if (stored) return stored;
    }
    if (!job || job.state === 'done' || job.state === 'failed')
      job = await enqueueJob(this.services, {
        kind: PDF_RENDER_JOB,
        key,
        payload: { ...target },
        organizationId: link.organizationId,
        spaceId: space.id,
        createdBy: link.requestedBy,
      }); // 4.
    return this.#waitFor(job, signal); // 3.
  }

  async #waitFor(started: JobRecord, signal: AbortSignal | undefined): Promise<PdfDownload> {
    const job = await waitForJobEnd(this.services.repos.jobs, started.id, {
      waitMs: this.options.waitMs,
      pollMs: this.#pollMs,
      signal,
    });
    if (!job) return { kind: 'failed', message: RENDER_FAILED_MESSAGE };
    if (job.state === 'done')
      return (await this.#stored(job)) ?? { kind: 'failed', message: RENDER_FAILED_MESSAGE };
    if (job.state === 'failed')
      return job.error?.code === PDF_CONTENT_GONE
        ? { kind: 'gone' }
        : { kind: 'failed', message: job.error?.message ?? RENDER_FAILED_MESSAGE };
    return { kind: 'rendering', retryAfterSeconds: RETRY_AFTER_SECONDS };
  }

  /** The PDF a done job stored, or null when its result or its blob is missing. */
  async #stored(job: JobRecord): Promise<PdfDownload | null> {
    const rendered = PdfRenderedSchema.safeParse(job.result);
    if (!rendered.success) return null;
    const { blob, size, title }: PdfRendered = rendered.data;
    const bytes = await this.services.blobs.open(blob);
    return bytes ? { kind: 'stored', title, size, bytes } : null;
  }
}
