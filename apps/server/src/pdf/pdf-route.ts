/**
 * Serving exported PDFs: `GET /pdf/:token` and `GET /pdf/:token/:name` (a name ending in
 * `.pdf`, which only gives the download its file name). The token is a signed link
 * (`pdf-links.ts`): it is the whole authorization, so the route needs no session. A
 * malformed, tampered or expired token is a 403 in GitBook's error shape, and nothing is
 * loaded. A valid one asks `downloads` for its PDF (rendered by a job into the blob store,
 * waited for a while; its domain errors reach the app's error handler as any other):
 * stored, it is streamed with its length; gone since, 404; failed to render, 500 with the
 * job's safe message; still rendering when the wait ends, 503 with `Retry-After`. Every
 * error is in GitBook's shape. The PDF is whole before any byte is sent, so a download is
 * never cut short by a failure to draw.
 *
 * The PDF is served inline: its content is ours (no scripts, no forms, links limited to
 * http, https and mail), unlike uploaded PDFs, which `/files` serves as attachments. The
 * link is a secret: the answer is never cached and never sniffed.
 *
 * Registered by the app, not here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/error-body';
import type { PdfDownloads } from './pdf-downloads';
import { type PdfLinkPayload, PdfLinkRefused, verifyPdfLink } from './pdf-links';

export interface PdfDownloadsOptions {
  /** The HMAC key links are signed with (at least 32 bytes). */
  key: Uint8Array;
  /** The PDF a verified link names. */
  downloads: PdfDownloads;
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
  // The response closing before it is sent: the client left, so the wait for the render ends.
  const left = new AbortController();
  const onClose = () => left.abort();
  reply.raw.once('close', onClose);
  const download = await options.downloads.download(payload, left.signal).finally(() => {
    reply.raw.off('close', onClose);
  });
  reply.headers(SECRET_HEADERS);
  switch (download.kind) {
    case 'gone':
      return reply.code(404).send(errorBody(404, 'The content of this PDF link is gone', 'not_found'));
    case 'failed':
      return reply.code(500).send(errorBody(500, download.message));
    case 'rendering':
      return reply
        .code(503)
        .header('retry-after', String(download.retryAfterSeconds))
        .send(errorBody(503, 'The PDF is still being rendered: ask again in a moment', 'unavailable'));
    case 'stored':
      return reply
        .code(200)
        .headers({
          'content-type': 'application/pdf',
          'content-length': String(download.size),
          'content-disposition': inlineDisposition(name ?? download.title + FILE_EXTENSION),
        })
        .send(download.bytes);
  }
}

/** The link is a secret: no answer to it is kept by a cache, nor sniffed. */
const SECRET_HEADERS = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };

/** RFC 6266: an ASCII fallback name and the exact one, percent-encoded as UTF-8. */
function inlineDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => '%' + character.charCodeAt(0).toString(16).toUpperCase(),
  );
  return 'inline; filename="' + fallback + "\"; filename*=UTF-8''" + exact;
}
