/**
 * What `GET /pdf/:token` serves once its link verified: the route's port, implemented over
 * the job runner and the blob store (`content-exports/pdf-exports.ts`), so the route knows
 * HTTP and nothing of how or where the PDF is rendered.
 */
import type { Readable } from 'node:stream';
import type { PdfLinkPayload } from './pdf-links';

export type PdfDownload =
  /** The content is gone since the link was signed (a deleted space, say): 404. */
  | { kind: 'gone' }
  /** The rendered PDF: 200. */
  | { kind: 'stored'; title: string; size: number; bytes: Readable }
  /** Rendering failed; `message` is safe to show: 500. */
  | { kind: 'failed'; message: string }
  /** Still rendering when the wait ended: 503, to ask again after `retryAfterSeconds`. */
  | { kind: 'rendering'; retryAfterSeconds: number };

export interface PdfDownloads {
  /** The PDF `link` names, waiting a while for its render; `signal` aborts when the client leaves. */
  download(link: PdfLinkPayload, signal?: AbortSignal): Promise<PdfDownload>;
}
