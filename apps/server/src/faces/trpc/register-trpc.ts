/**
 * Serves the tRPC router at `/trpc` on Fastify.
 *
 * tRPC's own Node adapters stream every response (`res.write` per chunk, then `res.end`),
 * which sends chunked bodies in several TCP packets; with small responses the client's
 * delayed ACKs then dominate and throughput falls to a tenth of a plain route with the CPU
 * idle. Here every response is sent buffered, in one write with a Content-Length, like any
 * other Fastify route: plain JSON calls through `answerJsonCalls` (tRPC's procedure caller
 * and error shapes without its per-request WHATWG Request/Response machinery), anything
 * else through tRPC's `resolveResponse`, buffered too but for the live views (subscriptions,
 * `live-router.ts`), whose server-sent events are streamed until the client goes away.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { isDomainError, operations } from '@quire/domain';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestFactsOf } from '../../http/request-facts';
import type { RequestAccess, RequestGate } from '../../request-context';
import { type BrowserExchange, browserExchangeOf } from '../../sessions/browser-exchange';
import { MailedLinks } from '../../sessions/mailed-links';
import { SignIns } from '../../sessions/sign-ins';
import { answerJsonCalls, type JsonCallsOptions } from './json-calls';
import { LiveViews } from './live-views';
import { directProceduresOf } from './operations-router';
import { appRouter, type TrpcContext, toTrpcError } from './router';

/** At most this many calls in one batched request: a batch costs that many operations. */
export const TRPC_MAX_BATCH_SIZE = 10;

/**
 * One request's tRPC context. The browser exchange (cookies, address) is built on first use:
 * only the session procedures use it, and every other call would pay for it.
 */
class RequestTrpcContext implements TrpcContext {
  #browser: BrowserExchange | undefined;

  constructor(
    readonly access: RequestAccess,
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    readonly publicUrl: string,
    readonly signIns: SignIns,
    readonly mailedLinks: MailedLinks,
    readonly live: LiveViews,
  ) {}

  get browser(): BrowserExchange {
    this.#browser ??= browserExchangeOf(this.request, this.reply, this.publicUrl);
    return this.#browser;
  }
}

export function registerTrpc(app: FastifyInstance, gate: RequestGate): void {
  const live = new LiveViews(gate.services.events);
  // Holds only what every request shares (services, budgets, the token cache): one for all.
  const signIns = new SignIns(gate.services, gate.limits, gate.tokens);
  const mailedLinks = new MailedLinks(gate.services, gate.limits);
  const directProcedures = directProceduresOf(operations);
  // Before Fastify waits for requests in flight: open views would hold the close forever.
  app.addHook('preClose', (done) => {
    live.endAll();
    done();
  });
  /** One request's context: its access through the gate, refusals as tRPC errors. */
  const createContext = async (request: FastifyRequest, reply: FastifyReply): Promise<TrpcContext> => {
    try {
      const access = await gate.open(requestFactsOf(request, reply));
      return new RequestTrpcContext(
        access,
        request,
        reply,
        gate.services.urls.api,
        signIns,
        mailedLinks,
        live,
      );
    } catch (error) {
      // A refused address (429): tRPC reports it with the matching code and status.
      if (!isDomainError(error)) throw error;
      if (error.details.retryAfterSeconds !== undefined)
        reply.header('retry-after', error.details.retryAfterSeconds);
      throw toTrpcError(error);
    }
  };
  // Made once, not per request: the server's build names every function it creates.
  const jsonCalls: JsonCallsOptions = {
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext,
    onInternalError: (request, error) => request.log.error({ err: error.cause ?? error }, 'tRPC error'),
    directProcedures,
  };
  app.register(async (scope) => {
    // tRPC parses its own bodies: keep them as text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'POST'],
      url: '/trpc/*',
      handler: async (request, reply) => {
        const answered = await answerJsonCalls(request, reply, jsonCalls);
        if (answered) {
          return reply.code(answered.status).header('content-type', 'application/json').send(answered.body);
        }
        const url = new URL(request.url, 'http://trpc.local');
        // Aborted when the client goes away: a live view (a subscription) then ends.
        const disconnected = new AbortController();
        reply.raw.once('close', () => disconnected.abort());
        const init: RequestInit = {
          method: request.method,
          headers: request.headers as Record<string, string>,
          signal: disconnected.signal,
        };
        if (request.method === 'POST') init.body = typeof request.body === 'string' ? request.body : '';
        const response = await resolveResponse({
          router: appRouter,
          req: new Request(url, init),
          path: url.pathname.slice('/trpc/'.length),
          maxBatchSize: TRPC_MAX_BATCH_SIZE,
          error: null,
          createContext: () => createContext(request, reply),
          onError: ({ error }) => {
            if (error.code === 'INTERNAL_SERVER_ERROR')
              request.log.error({ err: error.cause ?? error }, 'tRPC error');
          },
        });
        reply.code(response.status);
        response.headers.forEach((value, key) => {
          // The body is sent whole: its framing headers are Fastify's to set.
          if (key !== 'content-length' && key !== 'transfer-encoding') reply.header(key, value);
        });
        // Live views are server-sent events: streamed as they come, never buffered by a proxy.
        if (response.headers.get('content-type')?.startsWith('text/event-stream') && response.body) {
          reply.header('x-accel-buffering', 'no');
          // A view's connection is not reused once the view ends: a closing server would
          // otherwise wait for the client to let the idle connection go.
          reply.header('connection', 'close');
          return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
        }
        return reply.send(await response.text());
      },
    });
  });
}
