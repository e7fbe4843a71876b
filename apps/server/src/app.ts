/**
 * The Fastify application: the three faces over one set of services, plus probes and the
 * API documentation. `buildApp` does no listening, so tests and the CLI can use it too.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Clock, systemClock } from '@quire/domain';
import { createRepositories, loadOrCreateSigningKey, type Store } from '@quire/mongo';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { NodeSecrets } from './adapters/node-secrets';
import { TimeOrderedIds } from './adapters/time-ordered-ids';
import type { Config } from './config';
import { registerGraphql } from './faces/graphql/register-graphql';
import { registerDocs } from './faces/openapi/register-docs';
import { registerRestRoutes } from './faces/rest/register-rest';
import { restRoutes } from './faces/rest/route-table';
import { registerTrpc } from './faces/trpc/register-trpc';
import { toHttpError } from './http/error-body';
import type { Services } from './request-context';

export interface AppOptions {
  config: Config;
  store: Store;
  clock?: Clock;
  /** Fastify logger options; false silences logs (tests). */
  logger?: FastifyServerOptions['logger'];
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function buildServices(
  options: Pick<AppOptions, 'config' | 'store' | 'clock'>,
): Promise<Services> {
  const signingKey = await loadOrCreateSigningKey(options.store.db, () =>
    randomBytes(32).toString('base64url'),
  );
  return {
    repos: createRepositories(options.store.db),
    clock: options.clock ?? systemClock,
    ids: new TimeOrderedIds(),
    secrets: new NodeSecrets(new TextEncoder().encode(signingKey), options.config.publicUrl),
    urls: { api: options.config.publicUrl, app: options.config.appUrl },
  };
}

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, store } = options;
  const services = await buildServices(options);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
  });

  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Clients such as GitBook's send POSTs without a body; an empty JSON body is no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new Error('The request body is not valid JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const httpError = toHttpError(error, request.log);
    if (httpError.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(httpError.retryAfterSeconds));
    return reply.code(httpError.status).send(httpError.body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: { code: 404, message: `No route ${request.method} ${request.url.split('?')[0]}` } }),
  );

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await store.ping();
      return { status: 'ready', engine: store.engine };
    } catch (error) {
      app.log.warn({ err: error }, 'store not ready');
      return reply.code(503).send({ status: 'unavailable', engine: store.engine });
    }
  });

  registerRestRoutes(app, restRoutes, services);
  registerTrpc(app, services);
  registerGraphql(app, services);
  registerDocs(app, restRoutes, config);

  return { app, services };
}
