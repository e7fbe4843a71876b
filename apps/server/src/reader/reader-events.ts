/**
 * What a reader's page tells about its reading (issue 29, item 6): a page view once per page
 * shown, page feedback (a rating, then perhaps a comment) and a copy of the page's markdown,
 * posted by the page's script to `<base>~reader/events` on the site's own address, and recorded
 * through the insights operation GitBook's renderer calls (`sites.insights.trackEvents`), run as
 * the visitor's site token (the lookup decided first, with the same cookies as the page: a
 * visitor who may not read the site sends nothing). The server fills the event's place from the
 * lookup (section, site space, space, revision, share key) and its page from the page's id; a
 * view of the not-found page has no page (GitBook's location allows `page: null`) and names the
 * path asked for, counted at that address.
 *
 * *Decision:* no visitor or session identity: the counters do not use one, so Quire sets no cookie
 * of its own for them and sends a fixed id (`anonymous`). Bots and prefetches are not readers:
 * a user agent naming a crawler, or a request marked `Sec-Purpose`/`Purpose: prefetch`, is
 * answered 204 and nothing is recorded. The body is small and strict (400 naming the field).
 */
import { executeOperation, invalidInput, type OperationContext, operations } from '@quire/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ReaderVisit } from './reader-visit';
import type { SitePages } from './site-pages';

/** A body larger than this is no reader's event. */
export const MAX_EVENT_BODY_BYTES = 4096;

const ReaderEventSchema = z.strictObject({
  type: z.enum(['page_view', 'page_post_feedback', 'page_post_feedback_comment', 'page_markdown_request']),
  /** The page's id; null for a view of the not-found page, which names its `path` instead. */
  page: z.string().min(1).max(128).nullable(),
  /** The path asked for, below the site space's base (a view of the not-found page only). */
  path: z.string().min(1).max(2048).optional(),
  rating: z.enum(['bad', 'ok', 'good']).optional(),
  comment: z.string().trim().min(1).max(512).optional(),
});
export type ReaderEvent = z.infer<typeof ReaderEventSchema>;

/** Crawlers, link previews and monitors name themselves so; none of them is a reader. */
const NOT_A_READER =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|embedly|monitor|lighthouse|pingdom|curl\/|wget\//i;

/** Whether the request comes from a bot or a prefetch: nothing of it is counted. */
export function isNotAReader(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'] ?? '';
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`;
  return agent === '' || NOT_A_READER.test(agent) || /prefetch|prerender/i.test(purpose);
}

/** The event the page sent, checked: 400 naming the field otherwise. */
export function readerEventOf(body: unknown): ReaderEvent {
  const parsed = ReaderEventSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidInput(issue?.path.join('.') ?? '', issue?.message ?? 'not an event');
  }
  const event = parsed.data;
  if (event.page === null && event.type !== 'page_view')
    throw invalidInput('page', 'required for this event');
  if (event.page === null && event.path === undefined) throw invalidInput('path', 'required without a page');
  if (event.page !== null && event.path !== undefined) throw invalidInput('path', 'only without a page');
  const feedback = event.type === 'page_post_feedback' || event.type === 'page_post_feedback_comment';
  if (feedback && event.rating === undefined) throw invalidInput('rating', 'required for feedback');
  if (event.type === 'page_post_feedback_comment' && event.comment === undefined)
    throw invalidInput('comment', 'required for a feedback comment');
  return event;
}

/** GitBook's event for the reader's one. */
function insightsEventOf(visit: ReaderVisit, pageUrl: string, request: FastifyRequest, event: ReaderEvent) {
  const { lookup } = visit;
  const language = request.headers['accept-language']?.split(',')[0]?.trim().slice(0, 64) || null;
  const base = {
    session: {
      visitorId: 'anonymous',
      sessionId: 'anonymous',
      cookies: {},
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 1024),
      language,
      referrer: null,
    },
    location: {
      url: pageUrl,
      siteSection: lookup.siteSection ?? null,
      siteSpace: lookup.siteSpace ?? null,
      siteShareKey: lookup.shareKey ?? null,
      space: lookup.space,
      revision: lookup.revision ?? null,
      page: event.page,
    },
  };
  switch (event.type) {
    case 'page_view':
      return { type: event.type, ...base };
    case 'page_markdown_request':
      return { type: event.type, ...base, markdownSource: 'page-action' as const };
    case 'page_post_feedback':
      return { type: event.type, ...base, feedback: { rating: event.rating ?? 'ok' } };
    case 'page_post_feedback_comment':
      return {
        type: event.type,
        ...base,
        feedback: { rating: event.rating ?? 'ok', comment: event.comment ?? '' },
      };
  }
}

/** The address of a page of the site space by id: 400 when it is none. */
function pageUrlOf(visit: ReaderVisit, pages: SitePages, pageId: string): string {
  const page = pages.byId.get(pageId);
  if (page?.type !== 'document') throw invalidInput('page', 'not a page of this site space');
  return visit.baseUrl + page.path.split('/').map(encodeURIComponent).join('/');
}

/**
 * The address of a path the not-found page was shown for: a path (as the browser's address bar
 * holds it, no query) below the site space's base, where the events were posted; 400 otherwise,
 * so a view is only ever counted at the site's own address.
 */
function missingPageUrl(visit: ReaderVisit, path: string): string {
  const { basePath } = visit.lookup;
  if (!/^\/[^?#\s\\]*$/.test(path) || !path.startsWith(basePath) || path.includes('//'))
    throw invalidInput('path', 'not a path of this site space');
  return visit.baseUrl + path.slice(basePath.length);
}

/** Records the page's event for the visit (the insights operation decides, as for a renderer); 204. */
export async function recordReaderEvent(
  visit: ReaderVisit,
  pages: SitePages,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<FastifyReply> {
  const event = readerEventOf(body);
  const pageUrl =
    event.page === null ? missingPageUrl(visit, event.path ?? '') : pageUrlOf(visit, pages, event.page);
  reply.header('cache-control', 'no-store');
  if (isNotAReader(request)) return reply.code(204).send();
  // The visitor's context, with their address for the events' budget.
  const ctx = Object.create(visit.ctx) as OperationContext;
  ctx.clientAddress = request.ip;
  await executeOperation(operations.sites.insights.trackEvents, ctx, {
    organizationId: visit.lookup.organization,
    siteId: visit.lookup.site,
    events: [insightsEventOf(visit, pageUrl, request, event)],
  });
  return reply.code(204).send();
}
