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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import { callerFromAuthorization, type Services } from '../../request-context';
import type { GraphqlContext } from './builder';
import { answerJsonOperation } from './json-operations';
import { buildGraphqlSchema } from './schema';

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

export function registerGraphql(app: FastifyInstance, services: Services): void {
  const yoga = createYoga<ServerContext>({
    schema: buildGraphqlSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: {
      title: 'Quire GraphQL',
      headers: JSON.stringify({ Authorization: 'Bearer <your API token>' }),
    },
    context: ({ graphql }) => graphql,
    plugins: [
      EnvelopArmorPlugin({ ...GRAPHQL_LIMITS, blockFieldSuggestion: { enabled: false } }),
      // Compiles each distinct query once (cached per document): lists of resources execute
      // several times faster than graphql-js's interpreter.
      useGraphQlJit(),
    ],
    logging: {
      debug: (...args) => app.log.debug(args),
      info: (...args) => app.log.info(args),
      warn: (...args) => app.log.warn(args),
      error: (...args) => app.log.error(args),
    },
  });

  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: '/graphql',
    handler: async (request, reply) => {
      const caller = wantsGraphiql(request)
        ? null
        : await callerFromAuthorization(services, request.headers.authorization);
      if (!caller && !wantsGraphiql(request) && request.method !== 'OPTIONS') {
        return reply.code(401).send({
          errors: [
            {
              message: 'Authentication required: send an API token as "Authorization: Bearer <token>"',
              extensions: { code: 'unauthenticated', httpStatus: 401 },
            },
          ],
        });
      }
      const graphql: GraphqlContext = { operationContext: { ...services, caller } };
      const answered = await answerJsonOperation(yoga, request, { req: request, reply, graphql });
      if (answered) {
        return reply
          .code(answered.status)
          .header('content-type', 'application/json; charset=utf-8')
          .send(answered.body);
      }
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
    },
  });
}
