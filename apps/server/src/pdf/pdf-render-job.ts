/**
 * The `pdf.render` job: draws the PDF of a revision (all of a space, or one page and its
 * subpages) into the blob store, and answers where it is (`PdfRendered`). The job's `key`
 * is `pdfRenderKeyOf` its target, derived only from what the PDF's bytes depend on:
 * revisions are immutable, so a PDF rendered once serves every later link to the same
 * content (`content-exports/pdf-exports.ts` finds it through the job).
 *
 * The drawing runs in a job thread (`render-pdf-in-thread.ts`), under the threads' memory
 * and time limits; this thread answers its questions (each page's markdown, each image's
 * bytes, read from the store as they are drawn) and stores the PDF.
 *
 * Outcomes: the content gone (space deleted, revision or page not found) fails with
 * `PDF_CONTENT_GONE`; a failure while drawing fails with `PDF_RENDER_FAILED` and a safe
 * message (the cause rides on the failure for the operators' log; a drawing that ran out of
 * the thread's memory or time says which), not retried: the next download asks for a new
 * render. Run twice (a worker died), it stores the same bytes under the same hash.
 */
import { createHash } from 'node:crypto';
import { JobFailure, type JobHandler, type JobHandlers } from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import { z } from 'zod';
import {
  type PdfContent,
  type PdfContentServices,
  type PdfRenderTarget,
  pdfDocumentOf,
} from '../content-exports/pdf-content';
import { type LimitedPool, WorkerLimitError } from '../worker-pools/limited-pool';
import type { PdfInThread, PdfProgress, PdfQuestion } from './render-pdf-in-thread';

/** The job threads' task that draws a PDF (`worker-pools/job-thread.ts`). */
export const PDF_RENDER_TASK = 'pdf-render';

export const PDF_RENDER_JOB = 'pdf.render';

/** The job's payload is its target. */
const PdfRenderTargetSchema = z.object({
  spaceId: z.string(),
  revisionId: z.string(),
  pageId: z.string().optional(),
  spaceTitle: z.string(),
});

/** What a done `pdf.render` job answers: the PDF in the blob store. */
export const PdfRenderedSchema = z.object({
  blob: z.string(),
  size: z.number().int(),
  title: z.string(),
  pages: z.number().int(),
});
export type PdfRendered = z.infer<typeof PdfRenderedSchema>;

export const PDF_CONTENT_GONE = 'PDF_CONTENT_GONE';
export const PDF_RENDER_FAILED = 'PDF_RENDER_FAILED';

/**
 * The key of the PDF of `target`: its revision, its page, and the space's title only when
 * it is printed (the whole space). The space is implied by the revision; a change request
 * changes nothing but which revision is printed.
 */
export function pdfRenderKeyOf(target: PdfRenderTarget): string {
  const inputs = [
    target.revisionId,
    target.pageId ?? null,
    target.pageId === undefined ? target.spaceTitle : null,
  ];
  return createHash('sha256').update(JSON.stringify(inputs), 'utf8').digest('base64url');
}

/** The handler, drawing in `threads` and storing into `blobs` (the domain's context has neither). */
const renderPdfJobInto =
  (blobs: StoredBlobs, threads: LimitedPool): JobHandler =>
  async (ctx, job, report) => {
    const services: PdfContentServices = { repos: ctx.repos, blobs };
    const parsed = PdfRenderTargetSchema.parse(job.payload);
    const target: PdfRenderTarget = {
      spaceId: parsed.spaceId,
      revisionId: parsed.revisionId,
      spaceTitle: parsed.spaceTitle,
      ...(parsed.pageId === undefined ? {} : { pageId: parsed.pageId }),
    };
    const document = await pdfDocumentOf(services, target);
    if (!document) throw new JobFailure(PDF_CONTENT_GONE, 'The content of this PDF is gone');
    const total = document.pages.length;
    report.log('rendering ' + total + ' page(s) of revision ' + target.revisionId);
    report.progress(0, total);
    let pdf: Uint8Array;
    try {
      pdf = await threads.run<Uint8Array>(
        PDF_RENDER_TASK,
        {
          title: document.title,
          pages: [...document.pages],
          ...(document.fileNames ? { fileNames: { ...document.fileNames } } : {}),
        } satisfies PdfInThread,
        {
          told: (message) => report.progress(...(message as PdfProgress)),
          answer: async (question) => ({ value: await answerOf(document, question as PdfQuestion) }),
          signal: report.signal,
        },
      );
    } catch (error) {
      // Stopped by the worker (shutdown, lease lost): an ordinary error, retried by whoever runs it next.
      if (report.signal.aborted) throw error;
      const message =
        error instanceof WorkerLimitError ? `Drawing the PDF ${error.message}` : 'The PDF could not be drawn';
      const failure = new JobFailure(PDF_RENDER_FAILED, message);
      failure.cause = error;
      throw failure;
    }
    const stored = await services.blobs.put(pdf);
    report.log('rendered: ' + stored.size + ' bytes');
    const rendered: PdfRendered = {
      blob: stored.hash,
      size: stored.size,
      title: document.title,
      pages: total,
    };
    return rendered;
  };

/** A question of the drawing thread, answered from the store. */
function answerOf(content: PdfContent, question: PdfQuestion): Promise<string | Uint8Array | null> {
  if ('body' in question) return content.markdownOf(question.body);
  if ('reusable' in question) return content.reusableMarkdownOf(question.reusable);
  return content.imageOf(question.image);
}

/**
 * The handlers of the server's PDF jobs, by kind, drawing in `threads` and storing into
 * `blobs` (`jobs/job-handlers.ts`).
 */
export const pdfJobHandlers = (blobs: StoredBlobs, threads: LimitedPool): JobHandlers => ({
  [PDF_RENDER_JOB]: renderPdfJobInto(blobs, threads),
});
