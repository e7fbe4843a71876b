/**
 * Serving exported PDFs: `GET /pdf/:token` and `GET /pdf/:token/:name` (a name ending in
 * `.pdf`, which only gives the download its file name). The token is a signed link
 * (`pdf-links.ts`): it is the whole authorization, so the route needs no session. A
 * malformed, tampered or expired token is a 403 in GitBook's error shape, and nothing is
 * loaded. A valid one loads its content through `loadDocument` (null: gone since, a 404; its
 * domain errors reach the app's error handler as any other) and streams the PDF as it is
 * drawn. A failure while drawing can no longer change the status: it is logged and the
 * connection is cut, so the client sees a truncated download, never a PDF that looks whole.
 *
 * The PDF is served inline: its content is ours (no scripts, no forms, links limited to
 * http, https and mail), unlike uploaded PDFs, which `/files` serves as attachments. The
 * link is a secret: the answer is never cached and never sniffed.
 *
 * Registered by the app, not here.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/error-body';
import type { PdfDocument } from './pdf-document';
import { type PdfLinkPayload, PdfLinkRefused, verifyPdfLink } from './pdf-links';
import { renderPdf } from './render-pdf';

export interface PdfDownloadsOptions {
  /** The HMAC key links are signed with (at least 32 bytes). */
  key: Uint8Array;
  /** The content a verified link names; null when it is gone (a deleted space): a 404. */
  loadDocument: (payload: PdfLinkPayload) => Promise<PdfDocument | null>;
  now: () => Date;
}

interface PdfRoute {
  Params: { token: string; name?: string };
}

const FILE_EXTENSION = '.pdf';

export function registerPdfDownloads(app: FastifyInstance, options: PdfDownloadsOptions): void {
  const handler = (request: FastifyRequest<PdfRoute>, reply: FastifyReply) =>
    servePdf(request, reply, options);
  app.get<PdfRoute>('/pdf/:token', handler);
  app.get<PdfRoute>('/pdf/:token/:name', handler);
}

async function servePdf(
  request: FastifyRequest<PdfRoute>,
  reply: FastifyReply,
  options: PdfDownloadsOptions,
): Promise<FastifyReply> {
  const { token, name } = request.params;
  if (name !== undefined && !name.toLowerCase().endsWith(FILE_EXTENSION))
    return reply.code(404).send(errorBody(404, 'Not found: a PDF link names a .pdf file', 'not_found'));
  let payload: PdfLinkPayload;
  try {
    payload = verifyPdfLink(token, options.key, options.now());
  } catch (error) {
    if (!(error instanceof PdfLinkRefused)) throw error;
    return reply.code(403).send(errorBody(403, error.message, 'forbidden'));
  }
  const document = await options.loadDocument(payload);
  if (!document)
    return reply.code(404).send(errorBody(404, 'The content of this PDF link is gone', 'not_found'));
  const body = new PassThrough();
  renderPdf(document, body).catch((error: unknown) => {
    request.log.error({ err: error }, 'PDF rendering failed');
    body.destroy(error instanceof Error ? error : new Error('PDF rendering failed'));
  });
  return reply
    .code(200)
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': inlineDisposition(name ?? document.title + FILE_EXTENSION),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(body);
}

/** RFC 6266: an ASCII fallback name and the exact one, percent-encoded as UTF-8. */
function inlineDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => '%' + character.charCodeAt(0).toString(16).toUpperCase(),
  );
  return 'inline; filename="' + fallback + "\"; filename*=UTF-8''" + exact;
}
