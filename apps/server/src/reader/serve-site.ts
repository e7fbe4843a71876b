/**
 * Answers a request for a published site's URL (issue 29, item 1), in this order:
 *
 * 1. one of the reader's assets (`…/~reader/<hashed name>`): the file, kept a year;
 * 2. the visit (`openReaderVisit`: the URL lookup with the visitor's credentials, then reads
 *    through its site token): no site, or nothing this visitor may read, `undefined` (the
 *    caller answers 404, the same for both, so a site's existence never leaks); a visitor-auth
 *    site's fallback, a 302 there; the visitor's cookies set (`visitor-session`);
 * 3. a machine format of the path (markdown, `llms.txt`, sitemap, robots: `machine-formats`);
 * 4. a search (`?q=`, where the search box sends it): the site's search page (429 with
 *    `Retry-After` when the search refuses the visitor's claims for now); the search box's
 *    suggestions (`<base>~reader/search?q=`, JSON, for the page's script); a question (`?ask=`,
 *    where the Ask box sends it, on a site that enables AI): the answer page (`site-ask-page.ts`),
 *    or streamed for the Ask box's script (`<base>~reader/ask?ask=`, `site-ask-stream.ts`), and the questions the Ask box suggests
 *    when it opens empty (`<base>~reader/ask` with no question, JSON, `site-ask-questions.ts`);
 * 5. the page at the path (a document page, a group's first page, the site space's first page
 *    at its root), rendered, or served from the render cache by its key;
 * 6. no page there: the site's redirects (`sites.redirects.resolve`, with the old paths of
 *    moved pages), 308 for a permanent one, 307 otherwise;
 * 7. else the site's own not-found page, 404.
 */

import { executeOperation, invalidInput, operations } from '@quire/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { ASSET_CACHE_CONTROL, readerAssetAt } from './reader-assets';
import { MAX_EVENT_BODY_BYTES, recordReaderEvent } from './reader-events';
import { ASK_STREAM_PATH, EVENTS_PATH, SUGGESTIONS_PATH } from './reader-tool-paths';
import { openReaderVisit, type ReaderVisit, readOrNothing } from './reader-visit';
import { type PageHeadTags, renderNotFound, renderPage } from './render-site-page';
import { askedQuestion, askingVisit, askPageHtml } from './site-ask-page';
import { askBoxQuestions } from './site-ask-questions';
import { askStream, EVENT_STREAM } from './site-ask-stream';
import { sitePagesOf } from './site-pages';
import { searchPage, searchSuggestions } from './site-search-page';
import { visitorCookies, visitorLookupInput } from './visitor-session';

export interface SiteServing {
  services: Services;
  /** The machine formats (issue 29, items 4 and 5): an answer, or undefined when the request is not one. */
  machineFormat?: (
    visit: ReaderVisit,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<FastifyReply> | undefined;
  /** A page's extra `<head>` tags (canonical, robots, Open Graph: the machine formats'). */
  headTags?: PageHeadTags;
}

const HTML = 'text/html; charset=utf-8';

/** Answers `url` (absolute: where the visitor asked) for the request; undefined when no site is served there. */
export async function serveSiteUrl(
  serving: SiteServing,
  request: FastifyRequest,
  reply: FastifyReply,
  url: URL,
): Promise<FastifyReply | undefined> {
  const asset = readerAssetAt(url.pathname);
  if (asset) return reply.header('cache-control', ASSET_CACHE_CONTROL).type(asset.type).send(asset.body);
  const lookup = visitorLookupInput(request, url);
  const outcome = await openReaderVisit(serving.services, lookup.input);
  if (outcome.kind === 'none') {
    const cleared = visitorCookies(lookup, null);
    if (cleared.length > 0) reply.header('set-cookie', cleared);
    return undefined;
  }
  if (outcome.kind === 'external') {
    // The fallback means the visitor's kept token (or share key) let them in no more: cleared.
    const cleared = visitorCookies(lookup, null);
    if (cleared.length > 0) reply.header('set-cookie', cleared);
  }
  if (outcome.kind === 'external')
    return reply.code(302).header('cache-control', 'no-store').redirect(outcome.redirect);
  const visit = outcome;
  const cookies = visitorCookies(lookup, {
    siteBasePath: visit.lookup.siteBasePath,
    shareKey: visit.lookup.shareKey,
  });
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const machine = serving.machineFormat?.(visit, request, reply);
  if (machine) return machine;

  const pages = sitePagesOf(visit.pages);
  const query = url.searchParams.get('q');
  if (url.pathname.endsWith(`/${SUGGESTIONS_PATH}`))
    return reply
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(await searchSuggestions(visit, query ?? ''));
  const question = askedQuestion(url);
  if (url.pathname.endsWith(`/${ASK_STREAM_PATH}`))
    return question === undefined
      ? reply
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex')
          .send(await askBoxQuestions(visit, pages))
      : reply
          .type(EVENT_STREAM)
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex')
          .send(askStream(askingVisit(visit, request.ip), pages, question, reply.raw));
  if (question !== undefined)
    return reply
      .type(HTML)
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(await askPageHtml(askingVisit(visit, request.ip), pages, question));
  if (query !== null && query.trim() !== '') {
    const answer = await searchPage(visit, pages, query);
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', answer.retryAfterSeconds);
    return reply
      .code(answer.status)
      .type(HTML)
      .header('cache-control', 'private, no-store')
      .send(answer.html);
  }
  const page = pages.pageAt(visit.lookup.pathname);
  if (page)
    return renderPage(serving.services, serving.headTags ?? (() => []), request, reply, visit, pages, page);

  const redirect = await redirectFor(visit, url);
  if (redirect)
    return reply
      .code(redirect.permanent ? 308 : 307)
      .header('cache-control', 'no-store')
      .redirect(redirect.target);
  return reply
    .code(404)
    .type(HTML)
    .header('cache-control', 'no-store')
    .send(renderNotFound(visit, pages, url.pathname));
}

/**
 * A page's event posted to `<base>~reader/events` (`reader-events.ts`), after the same lookup as
 * a page with the same credentials; undefined (the caller's 404) for any other path, no site, or
 * a visitor the site does not let in. `body` is the request's, parsed (Quire's own address) or
 * undefined (read here from the request: a custom hostname's or proxy's request, answered before
 * routing).
 */
export async function serveSiteEvent(
  serving: SiteServing,
  request: FastifyRequest,
  reply: FastifyReply,
  url: URL,
  body: unknown,
): Promise<FastifyReply | undefined> {
  if (!url.pathname.endsWith(`/${EVENTS_PATH}`)) return undefined;
  const event = body === undefined ? await boundedJsonBody(request) : body;
  const lookup = visitorLookupInput(request, url);
  const outcome = await openReaderVisit(serving.services, { ...lookup.input, redirectOnError: false });
  if (outcome.kind !== 'visit') return undefined;
  return recordReaderEvent(outcome, sitePagesOf(outcome.pages), request, reply, event);
}

/** A small JSON body read from the request's stream (at most `MAX_EVENT_BODY_BYTES`): 400 otherwise. */
async function boundedJsonBody(request: FastifyRequest): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
    throw invalidInput('', 'The request body must be JSON');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_EVENT_BODY_BYTES) throw invalidInput('', 'The request body is too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw invalidInput('', 'The request body is not JSON');
  }
}

/** The site's redirect of the path asked for (below the site's base), or undefined. */
async function redirectFor(
  visit: ReaderVisit,
  url: URL,
): Promise<{ target: string; permanent: boolean } | undefined> {
  const rest = url.pathname.slice(visit.lookup.siteBasePath.length).replace(/\/+$/, '');
  if (rest === '') return undefined;
  const resolved = await readOrNothing(() =>
    executeOperation(operations.sites.redirects.resolve, visit.ctx, {
      organizationId: visit.lookup.organization,
      siteId: visit.lookup.site,
      source: `/${rest}`,
      ...(visit.lookup.shareKey === undefined ? {} : { shareKey: visit.lookup.shareKey }),
    }),
  );
  return resolved ? { target: resolved.target, permanent: resolved.redirect.permanent } : undefined;
}
