/**
 * Serves GraphQL at `/graphql` with graphql-yoga (GraphiQL in the browser).
 *
 * Like tRPC's adapters, Yoga answers with a streamed body; sent as is through Fastify it
 * goes out chunked in several writes and small responses stall on delayed ACKs. Responses
 * are sent buffered, with a Content-Length, in one write: plain JSON POSTs through
 * `answerJsonOperation` (Yoga's envelop pipeline without its HTTP adapter), everything
 * else (GraphiQL, GET, extensions) through Yoga itself.
 * Every call but the GraphiQL page needs a valid API token (401 otherwise).
 */
import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { type DomainError, isDomainError, unauthenticated } from '@quire/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import { HTTP_STATUS_OF } from '../../http/error-status';
import { sendRateHeaders } from '../../http/rate-headers';
import type { RequestAccess, RequestGate } from '../../request-context';
import type { GraphqlContext } from './builder';
import { answerJsonOperation } from './json-operations';
import { buildGraphqlSchema } from './schema';
import { quireValidationRules } from './validation-rules';

/**
 * Limits checked during validation, before any resolver runs (DESIGN §7). A connection of
 * members with their users is about depth 7; nothing legitimate needs more than 12.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: { n: 12 },
  maxAliases: { n: 15 },
  maxDirectives: { n: 20 },
  maxTokens: { n: 2000 },
  costLimit: { maxCost: 5000 },
} as const;

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  graphql: GraphqlContext;
}

const wantsGraphiql = (request: FastifyRequest): boolean =>
  request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');

/** A refusal of the whole request (401, 429), in GraphQL's error format. */
function requestRefusal(reply: FastifyReply, error: DomainError) {
  const status = HTTP_STATUS_OF[error.code];
  if (error.details.retryAfterSeconds !== undefined)
    reply.header('retry-after', error.details.retryAfterSeconds);
  return reply.code(status).send({
    errors: [{ message: error.message, extensions: { code: error.code, httpStatus: status } }],
  });
}

export function registerGraphql(app: FastifyInstance, gate: RequestGate): void {
  const yoga = createYoga<ServerContext>({
    schema: buildGraphqlSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: {
      title: 'Quire GraphQL',
      headers: JSON.stringify({ Authorization: 'Bearer <your API token>' }),
    },
    context: ({ graphql }) => graphql,
    // CORS is the server's, the same for every face (QUIRE_CORS_ORIGINS), not Yoga's.
    cors: false,
    // Never development mode: Yoga would add the original error's message and stack.
    maskedErrors: { isDev: false },
    plugins: [
      EnvelopArmorPlugin({ ...GRAPHQL_LIMITS, blockFieldSuggestion: { enabled: false } }),
      // Compiles each distinct query once (cached per document): lists of resources execute
      // several times faster than graphql-js's interpreter.
      useGraphQlJit(),
      quireValidationRules,
    ],
    logging: {
      debug: (...args) => app.log.debug(args),
      info: (...args) => app.log.info(args),
      warn: (...args) => app.log.warn(args),
      error: (...args) => app.log.error(args),
    },
  });

  /** Hands a request to Yoga (GraphiQL, GET, anything but a plain JSON POST), buffered. */
  const sendThroughYoga = async (request: FastifyRequest, reply: FastifyReply, graphql: GraphqlContext) => {
    const response = await yoga.handleNodeRequestAndResponse(request, reply, {
      req: request,
      reply,
      graphql,
    });
    reply.code(response.status);
    response.headers.forEach((value, key) => {
      // The body is sent whole: its framing headers are Fastify's to set.
      if (key !== 'content-length' && key !== 'transfer-encoding') reply.header(key, value);
    });
    return reply.send(await response.text());
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/graphql',
    handler: async (request, reply) => {
      // The GraphiQL page needs no token: it sends the one typed in its headers pane.
      if (wantsGraphiql(request)) return sendThroughYoga(request, reply, { access: gate.anonymous() });
      let access: RequestAccess;
      try {
        access = await gate.open({
          authorization: request.headers.authorization,
          address: request.ip,
          onRateState: (state, retryAfter) => sendRateHeaders(reply, state, retryAfter),
        });
      } catch (error) {
        if (isDomainError(error)) return requestRefusal(reply, error);
        throw error;
      }
      if (!access.ctx.caller) return requestRefusal(reply, unauthenticated());
      const graphql: GraphqlContext = { access };
      const answered = await answerJsonOperation(yoga, request, { req: request, reply, graphql });
      if (!answered) return sendThroughYoga(request, reply, graphql);
      return reply
        .code(answered.status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(answered.body);
    },
  });
}
