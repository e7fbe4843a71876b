/**
 * Serves the tRPC router at `/trpc` on Fastify.
 *
 * tRPC's own Node adapters stream every response (`res.write` per chunk, then `res.end`),
 * which sends chunked bodies in several TCP packets; with small responses the client's
 * delayed ACKs then dominate and throughput falls to a tenth of a plain route with the CPU
 * idle. Here every response is sent buffered, in one write with a Content-Length, like any
 * other Fastify route: plain JSON calls through `answerJsonCalls` (tRPC's procedure caller
 * and error shapes without its per-request WHATWG Request/Response machinery), anything
 * else through tRPC's `resolveResponse`.
 */
import { isDomainError } from '@quire/domain';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance } from 'fastify';
import { sendRateHeaders } from '../../http/rate-headers';
import type { RequestGate } from '../../request-context';
import { answerJsonCalls } from './json-calls';
import { appRouter, type TrpcContext, toTrpcError } from './router';

/** At most this many calls in one batched request: a batch costs that many operations. */
export const TRPC_MAX_BATCH_SIZE = 10;

export function registerTrpc(app: FastifyInstance, gate: RequestGate): void {
  app.register(async (scope) => {
    // tRPC parses its own bodies: keep them as text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'POST'],
      url: '/trpc/*',
      handler: async (request, reply) => {
        const createContext = async (): Promise<TrpcContext> => {
          try {
            const access = await gate.open({
              authorization: request.headers.authorization,
              address: request.ip,
              onRateState: (state, retryAfter) => sendRateHeaders(reply, state, retryAfter),
            });
            return { access };
          } catch (error) {
            // A refused address (429): tRPC reports it with the matching code and status.
            if (!isDomainError(error)) throw error;
            if (error.details.retryAfterSeconds !== undefined)
              reply.header('retry-after', error.details.retryAfterSeconds);
            throw toTrpcError(error);
          }
        };
        const answered = await answerJsonCalls(request, {
          router: appRouter,
          maxBatchSize: TRPC_MAX_BATCH_SIZE,
          createContext,
          onInternalError: (error) => request.log.error({ err: error.cause ?? error }, 'tRPC error'),
        });
        if (answered) {
          return reply.code(answered.status).header('content-type', 'application/json').send(answered.body);
        }
        const url = new URL(request.url, 'http://trpc.local');
        const init: RequestInit = {
          method: request.method,
          headers: request.headers as Record<string, string>,
        };
        if (request.method === 'POST') init.body = typeof request.body === 'string' ? request.body : '';
        const response = await resolveResponse({
          router: appRouter,
          req: new Request(url, init),
          path: url.pathname.slice('/trpc/'.length),
          maxBatchSize: TRPC_MAX_BATCH_SIZE,
          error: null,
          createContext,
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
        return reply.send(await response.text());
      },
    });
  });
}
