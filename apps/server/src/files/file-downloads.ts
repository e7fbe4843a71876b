/**
 * Serving file bytes: `GET /files/:hash` and `GET /files/:hash/:name` (the name only gives
 * the download its file name and, failing a better source, its type by extension).
 *
 * - The content type comes from `contentTypeOf` (the server's file records), else a valid
 *   `?type=` (what a `downloadURL` carries until then), else the name's extension, else
 *   `application/octet-stream`. Whatever it is, only inert types (raster images, audio,
 *   video, plain text) are served inline; anything that could run script in this origin
 *   (HTML, SVG, XML, PDF, scripts, unknown types) is an attachment. Every answer carries
 *   `nosniff` and a sandboxing Content-Security-Policy, so even a mislabelled file renders
 *   as nothing more than what its type says, without script.
 * - Bytes never change under a hash: the ETag is the hash (strong), `If-None-Match` answers
 *   304, and caches may keep the bytes for a year (`private`: the URL may be a secret link).
 * - One byte range per request (`Range: bytes=…`, `If-Range` honoured): 206 with
 *   `Content-Range`, 416 when it starts past the end; several ranges get the whole file.
 * - An unknown or malformed hash is a 404 in GitBook's error shape; a malformed hash never
 *   reaches the blob store's files or queries.
 *
 * Registered by the app, not here; needs no authentication of its own (the lead decides).
 */
import { isBlobHash } from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/error-body';
import { byteRangeOf } from './byte-range';
import { contentTypeOfName, mimeTypeOf, servesInline } from './file-content-types';

export interface FileDownloadsOptions {
  blobs: StoredBlobs;
  /**
   * The content type recorded for a blob, when the server knows it (file records); without
   * an answer the request's `?type=` and then the name decide.
   */
  contentTypeOf?: (hash: string) => Promise<string | undefined>;
}

interface DownloadRoute {
  Params: { hash: string; name?: string };
  Querystring: { type?: string };
}

/** Raw user content: no script, no plugins, no loads, no framing (GitHub's own set for raw files). */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const IMMUTABLE = 'private, max-age=31536000, immutable';

/** Registers `GET /files/:hash` and `GET /files/:hash/:name` on `app`, serving `options.blobs`. */
export function registerFileDownloads(app: FastifyInstance, options: FileDownloadsOptions): void {
  const handler = (request: FastifyRequest<DownloadRoute>, reply: FastifyReply) =>
    serveFile(request, reply, options);
  app.get<DownloadRoute>('/files/:hash', handler);
  app.get<DownloadRoute>('/files/:hash/:name', handler);
}

async function serveFile(
  request: FastifyRequest<DownloadRoute>,
  reply: FastifyReply,
  options: FileDownloadsOptions,
): Promise<FastifyReply> {
  const { hash, name } = request.params;
  const stat = isBlobHash(hash) ? await options.blobs.stat(hash) : null;
  if (!stat) return reply.code(404).send(errorBody(404, 'File not found', 'not_found'));

  const etag = `"${hash}"`;
  const contentType =
    mimeTypeOf(await options.contentTypeOf?.(hash)) ??
    mimeTypeOf(typeof request.query.type === 'string' ? request.query.type : undefined) ??
    contentTypeOfName(name ?? '');
  reply.headers({
    etag,
    'cache-control': IMMUTABLE,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'content-disposition': contentDisposition(servesInline(contentType), name),
    // A file's address is its content's hash and no secret protects it: a docs renderer on
    // another origin (GitBook's, or Quire's reader behind a proxy) may show it in its pages.
    'cross-origin-resource-policy': 'cross-origin',
  });
  if (matchesAny(request.headers['if-none-match'], hash)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? byteRangeOf(request.headers.range, stat.size) : 'ignore';
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${stat.size}`)
      .send(errorBody(416, 'The requested range is not satisfiable', 'validation'));
  }
  const bytes = await options.blobs.open(hash, range === 'ignore' ? undefined : range);
  if (!bytes) return reply.code(404).send(errorBody(404, 'File not found', 'not_found'));
  reply.header('content-type', contentType);
  if (range === 'ignore') return reply.code(200).header('content-length', stat.size).send(bytes);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(bytes);
}

/** `If-None-Match`: `*`, or a list of tags, compared weakly (RFC 9110 §13.1.2). */
function matchesAny(header: string | undefined, hash: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === `"${hash}"`;
  });
}

/** RFC 6266: an ASCII fallback name and the exact one, percent-encoded as UTF-8. */
function contentDisposition(inline: boolean, name: string | undefined): string {
  const disposition = inline ? 'inline' : 'attachment';
  if (!name) return disposition;
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
