/**
 * Answers a rendered output with its validators: a strong `ETag` (the key: the same key, the
 * same bytes), 304 when `If-None-Match` names it, and `Cache-Control`:
 *
 * 1. an output only some visitors may read (a site that is not public, or a visitor with
 *    claims, a token or a share key): `private, no-cache` — a browser keeps it and asks again
 *    with its ETag, no shared cache keeps it;
 * 2. a public site's output for an anonymous visitor: `public, no-cache` — a CDN keeps it and
 *    revalidates each time (a 304 costs the server the key, not a render). Freshness never comes
 *    from a lifetime: a new revision or site version is a new ETag.
 *
 * Anything not public is also `X-Robots-Tag: noindex` (unlisted, share-link and visitor-auth
 * sites are not for search engines). Answers vary with `Accept` (a page's markdown is asked by
 * `Accept: text/markdown`) and `Cookie` (the visitor's credentials and claims).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedOutput } from './render-cache';

export interface Audience {
  /** The site's visibility: only 'public' is shared and indexed. */
  visibility: string;
  /** The visitor brought claims, a token or a share key (what they read may be theirs only). */
  personal: boolean;
}

export const cacheControlFor = (audience: Audience): string =>
  audience.visibility === 'public' && !audience.personal ? 'public, no-cache' : 'private, no-cache';

/** The headers of an output for an audience, without sending it (for a renderer that streams). */
export function applyRenderHeaders(reply: FastifyReply, key: string, audience: Audience): void {
  reply.header('etag', `"${key}"`);
  reply.header('cache-control', cacheControlFor(audience));
  reply.header('vary', 'Accept, Cookie');
  if (audience.visibility !== 'public') reply.header('x-robots-tag', 'noindex');
}

/** Whether the request's `If-None-Match` names the key (weak or strong, or `*`). */
export function matchesIfNoneMatch(request: FastifyRequest, key: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string' || header === '') return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${key}"`);
}

/** Answers the output, or 304 when the request already holds it. */
export function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  output: RenderedOutput,
  audience: Audience,
  status = 200,
): FastifyReply {
  applyRenderHeaders(reply, output.key, audience);
  if (status === 200 && matchesIfNoneMatch(request, output.key)) return reply.code(304).send();
  return reply.code(status).type(output.contentType).send(output.body);
}
