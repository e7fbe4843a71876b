/**
 * The reader's routes (issue 29, item 1): a published site at Quire's own address
 * (`/~sites/<organization>/<site>/…`, on the app's origin or `QUIRE_SITES_URL`'s), at its custom
 * hostname and under its proxy's path (a request whose `Host` is not Quire's own: answered
 * before routing when a site is served there, through the custom-hostname seam
 * `request-host-target.ts` and the lookup's proxy rule), and the reader's assets
 * (`/~reader/<hashed name>`), and a change request's preview (`/~preview/<space>/<change
 * request>/…`, `change-request-preview.ts`). Registered by the app with one line.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestHostTarget } from '../custom-hostnames/request-host-target';
import { API_PREFIXES } from '../http/security-headers';
import type { Services } from '../services';
import { answerPreview } from './change-request-preview';
import { answerMachineFormat, answerMachineFormatUnseen, machineHeadTags } from './machine-formats';
import { ASSET_CACHE_CONTROL, readerAssetAt } from './reader-assets';
import { MAX_EVENT_BODY_BYTES } from './reader-events';
import { EVENTS_PATH } from './reader-tool-paths';
import { type SiteServing, serveSiteEvent, serveSiteUrl } from './serve-site';
import { siteHostUrl } from './site-host-url';

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Not found</title></head>
<body><main><h1>Not found</h1><p>There is no published site at this address, or it is not open to you.</p></main></body></html>
`;

/** Paths a custom hostname never serves as a site's: the API, the files a page shows. */
const SERVER_PATHS = [...API_PREFIXES, '/files/', '/healthz', '/readyz', '/metrics'];

/** A DNS name of a custom hostname or a proxy (an IP address or a single label is neither). */
const isHostname = (host: string): boolean =>
  host.includes('.') && !/^[\d.]+$/.test(host) && !host.includes(':');

const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_FOUND_PAGE);

/**
 * Whether `serving` answered the request. A Fastify reply is a thenable that settles, with no
 * value, once it is sent: a promise of one resolves to `undefined`, so what was answered is read
 * from the reply, and a boolean is handed back. (Taken as "not answered", a served page was
 * answered again with the 404 page: Fastify refused that second answer, but built an error and
 * logged a warning on every page served.)
 */
async function answered(serving: Promise<FastifyReply | undefined>, reply: FastifyReply): Promise<boolean> {
  await serving;
  return reply.sent;
}

export function registerReader(
  app: FastifyInstance,
  services: Services,
  serving: Omit<SiteServing, 'services'> = {},
): void {
  const site: SiteServing = {
    services,
    machineFormat: answerMachineFormat,
    headTags: machineHeadTags,
    ...serving,
  };
  const { urls } = services;
  const ownBase = urls.sites ?? urls.app;
  const hostTarget = requestHostTarget(
    services,
    [urls.api, urls.app, urls.sites].filter((address): address is string => address !== undefined),
  );

  app.get<{ Params: { name: string } }>('/~reader/:name', (request, reply) => {
    const asset = readerAssetAt(request.url);
    if (!asset) return notFound(reply);
    return reply.header('cache-control', ASSET_CACHE_CONTROL).type(asset.type).send(asset.body);
  });

  const serveOwn = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await answered(serveSiteUrl(site, request, reply, new URL(request.url, `${ownBase}/`)), reply))
      return;
    return answerMachineFormatUnseen(request, reply) ?? notFound(reply);
  };
  app.get('/~sites/:organization/:site', serveOwn);
  app.get('/~sites/*', serveOwn);
  // A change request previewed as a site would show it, for a member who may read it.
  app.get('/~preview/*', answerPreview(services, notFound));
  // A page's events (views, feedback): POSTed by its script to `<base>~reader/events`.
  app.post('/~sites/*', { bodyLimit: MAX_EVENT_BODY_BYTES }, async (request, reply) => {
    const url = new URL(request.url, `${ownBase}/`);
    if (await answered(serveSiteEvent(site, request, reply, url, request.body ?? null), reply)) return;
    return notFound(reply);
  });

  // Another host: a site's custom hostname, or a proxy's.
  const answerOtherHost = async (request: FastifyRequest, reply: FastifyReply, isEvent: boolean) => {
    // A `Host` that makes no URL (a port past 65535, letters for a port) names no site.
    const url = siteHostUrl(request.url, request.host);
    if (url === null) return notFound(reply);
    if (isEvent) {
      // Answered before routing, so the body is read here (bounded) rather than by Fastify.
      if (await answered(serveSiteEvent(site, request, reply, url, undefined), reply)) return reply;
      return notFound(reply);
    }
    // A custom hostname's target, else perhaps a proxy's host: the lookup tells (`served-site.ts`).
    const target = await hostTarget(request);
    if (await answered(serveSiteUrl(site, request, reply, url), reply)) return reply;
    // A custom hostname's site that shows this visitor nothing: the same 404 as no site.
    if (target !== null) return answerMachineFormatUnseen(request, reply) ?? notFound(reply);
    return undefined;
  };
  // Runs on every request of every face: a callback hook (no promise) whose cheapest checks come
  // first, so Quire's own hosts and API paths cost a few comparisons (issue 26 item 7's profile).
  app.addHook('onRequest', (request, reply, done) => {
    const { method, url } = request;
    const isEvent = method === 'POST' && url.split('?')[0]!.endsWith(`/${EVENTS_PATH}`);
    if (
      (method !== 'GET' && method !== 'HEAD' && !isEvent) ||
      SERVER_PATHS.some((prefix) => url.startsWith(prefix)) ||
      !isHostname(request.hostname.toLowerCase())
    ) {
      done();
      return;
    }
    answerOtherHost(request, reply, isEvent).then(
      // Answered: the reply is sent and routing stops; otherwise on to Quire's own routes.
      (answered) => {
        if (answered === undefined && !reply.sent) done();
      },
      (error: Error) => done(error),
    );
  });
}
