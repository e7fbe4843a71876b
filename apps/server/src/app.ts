/**
 * The Fastify application: the three faces over one set of services, plus probes and the
 * API documentation. `buildApp` does no listening, so tests and the CLI can use it too.
 */

import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import { type Clock, invalidInput } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import type { Store } from '@quire/store';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { registerAuditExport } from './audit/audit-export';
import { collaborationLimitsFrom } from './collaboration/collaboration-limits';
import { registerCollaboration } from './collaboration/register-collaboration';
import type { Config } from './config';
import { JobPdfDownloads } from './content-exports/pdf-exports';
import { startDocumentWarmup } from './documents/document-warmup';
import { registerGraphql } from './faces/graphql/register-graphql';
import { registerDocs } from './faces/openapi/register-docs';
import { registerRestRoutes } from './faces/rest/register-rest';
import { restRoutes } from './faces/rest/route-table';
import { registerTrpc } from './faces/trpc/register-trpc';
import { registerFileDownloads } from './files/file-downloads';
import { registerFileUploads } from './files/file-uploads';
import { ServerIncomingFiles } from './files/server-incoming-files';
import { clientAddressOf } from './http/client-address';
import { answerClientError } from './http/client-errors';
import { errorBody, toHttpError } from './http/error-body';
import { parseJsonText } from './http/json-text';
import { registerMetrics } from './http/metrics';
import { RateLimits } from './http/rate-limits';
import { OneLinePerRequest } from './http/request-log';
import { API_SECURITY_HEADERS, isApiPath, pageSecurityHeaders } from './http/security-headers';
import { TokenCache } from './http/token-cache';
import { registerIconRoutes } from './icons/icon-routes';
import { registerMcp } from './mcp/register-mcp';
import { registerOidcSignIn } from './oidc/register-oidc-sign-in';
import { registerPdfDownloads } from './pdf/pdf-route';
import { registerReader } from './reader/register-reader';
import { RequestGate } from './request-context';
import { startRevalidationOnChanges } from './revalidation/revalidation-on-changes';
import { startSearchWarmup } from './search/search-warmup';
import { buildServices, type Services } from './services';
import { registerSaml } from './sso/register-saml';
import { registerWebApp } from './web-app/serve-web-app';

export interface AppOptions {
  config: Config;
  store: Store;
  clock?: Clock;
  /** Fastify logger options; false silences logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** The event bus, when not the store's own (tests: several servers in one process sharing one log). */
  events?: EventBus;
  /** Services replaced for a test (`buildServices`'s overrides): a cheaper password hash. */
  serviceOverrides?: Partial<Services>;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Long enough for any id the schemas accept (128) and then some: longer segments are a 414. */
const MAX_PARAM_LENGTH = 512;

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, store } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimit,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    // A malformed URL (`%FF`) or an over-long path segment: GitBook's error shape, not Fastify's.
    frameworkErrors: (error, request, reply) => {
      const { status, body } = toHttpError(error, request.log);
      // Typed for every reply shape; this one is plain JSON.
      void (reply as unknown as FastifyReply).code(status).send(body);
    },
    // Requests Node refuses before Fastify sees them (headers too large, bad framing).
    clientErrorHandler: answerClientError,
  });

  const services = await buildServices(
    { ...options, log: app.log },
    { ...options.serviceOverrides, ...(options.events ? { events: options.events } : {}) },
  );
  const tokens = new TokenCache(services);
  // Revocations evict the token from the cache: the next request is refused, on every face.
  services.repos.apiTokens = tokens.evictingOnRevoke(services.repos.apiTokens);
  // A person's access changed, maybe on another server (their token revoked there): subscribed
  // before co-editing, so its checks of their access read the store, not the cache.
  const stopEvictingTokens = services.events.subscribe((event) => {
    if (event.type === 'access.changed' && event.userId !== null) tokens.evictPerson(event.userId);
  });
  const gate = new RequestGate(services, new RateLimits(store, config.rateLimits), tokens);
  const stopSearchWarmup = startSearchWarmup(services, app.log);
  const stopDocumentWarmup = startDocumentWarmup(services, app.log);
  const stopRevalidation = startRevalidationOnChanges(services, app.log);
  app.addHook('onClose', async () => {
    stopEvictingTokens();
    stopSearchWarmup();
    stopDocumentWarmup();
    await stopRevalidation();
    return services.events.close();
  });

  const applyPageHeaders = pageSecurityHeaders();
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) reply.headers(API_SECURITY_HEADERS);
    else applyPageHeaders(request.raw, reply.raw);
    done();
  });

  // One allowlist for every face: REST, tRPC and GraphQL answer preflights alike. Without
  // allowed origins no hook is needed: a preflight is then a 404 like any unknown route,
  // which is also how an origin outside the list is answered.
  const corsOrigins = new Set(config.corsOrigins);
  if (corsOrigins.size > 0)
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && corsOrigins.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'x-request-id', 'trpc-accept'],
      exposedHeaders: [
        'x-request-id',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'retry-after',
      ],
      maxAge: 600,
    });

  // Only JSON bodies (anything else is a 415). Clients such as GitBook's send POSTs without
  // a body; an empty JSON body is no body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const parsed = parseJsonText(body as string);
    if (parsed.ok) return done(null, parsed.value);
    done(invalidInput('', `The request body ${parsed.problem}`), undefined);
  });

  app.setErrorHandler((error, request, reply) => {
    const httpError = toHttpError(error, request.log);
    if (httpError.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(httpError.retryAfterSeconds));
    return reply.code(httpError.status).send(httpError.body);
  });

  // The web app's paths are the client's: a browser navigating to one gets the app.
  const webApp = registerWebApp(app);
  app.setNotFoundHandler(
    (request, reply) =>
      webApp.answerNavigation(request, reply) ??
      reply
        .code(404)
        .send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`)),
  );

  registerMetrics(app, store, config, services.events);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await store.ping();
      // Pages and writes are served while the event stream is followed again: said, not unready.
      return { status: 'ready', engine: store.engine, events: services.events.health().state };
    } catch (error) {
      app.log.warn({ err: error }, 'store not ready');
      return reply.code(503).send({ status: 'unavailable', engine: store.engine });
    }
  });

  registerRestRoutes(app, restRoutes, gate);
  registerAuditExport(app, gate);
  registerFileDownloads(app, { blobs: services.blobs });
  registerIconRoutes(app);
  if (services.incomingFiles instanceof ServerIncomingFiles)
    registerFileUploads(app, gate, services.incomingFiles);
  registerPdfDownloads(app, {
    key: services.pdfLinkKey,
    downloads: new JobPdfDownloads(services, { waitMs: config.pdfWaitMs }),
    now: () => services.clock.now(),
  });
  registerTrpc(app, gate);
  registerGraphql(app, gate);
  registerMcp(app, gate, config.publicUrl);
  registerDocs(app, restRoutes, config);
  registerOidcSignIn(app, services, { publicUrl: config.publicUrl, allowHosts: config.fetchAllowHosts });
  registerReader(app, services);
  registerSaml(app, services, store, config);
  registerCollaboration(app, services, gate, {
    limits: collaborationLimitsFrom(process.env),
    allowedOrigins: [...config.corsOrigins, new URL(config.publicUrl).origin, new URL(config.appUrl).origin],
    // An upgrade is no Fastify request: its client's address as `request.ip` would give it.
    addressOf: clientAddressOf(config.trustProxy),
  });

  return { app, services };
}
