/**
 * Serves GraphQL at `/graphql` with graphql-yoga, and GraphiQL to browsers (`graphiql.ts`).
 *
 * Like tRPC's adapters, Yoga answers with a streamed body; sent as is through Fastify it
 * goes out chunked in several writes and small responses stall on delayed ACKs. Responses
 * are sent buffered, with a Content-Length, in one write: plain JSON calls through
 * `JsonOperations` (without Yoga's HTTP adapter; a document already validated runs its
 * compiled query directly, `prepared-operations.ts`), everything else (extensions,
 * batching, other media types) through Yoga itself.
 * Every call but the GraphiQL page needs a caller: an API token, or the web app's session
 * cookie (401 otherwise).
 */
import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { type DomainError, isDomainError, unauthenticated } from '@quire/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError } from 'graphql';
import { createYoga, maskError } from 'graphql-yoga';
import { HTTP_STATUS_OF } from '../../http/error-status';
import { requestFactsOf } from '../../http/request-facts';
import type { RequestAccess, RequestGate } from '../../request-context';
import { registerGraphiql } from './graphiql';
import { createGraphqlContext, type GraphqlContext } from './graphql-context';
import { JsonOperations, type MaskError, type OperationContexts } from './json-operations';
import { PreparedOperations } from './prepared-operations';
import { registrySchemaOnce } from './schema';
import { quireValidationRules } from './validation-rules';

/**
 * Limits checked during validation, before any resolver runs. A connection of
 * members with their users is about depth 7; nothing legitimate needs more than 12. The
 * cost multiplies by a literal `first:`: a page of 100 spaces with their organization and
 * parent costs about 5,600 (relations are batched, so that is a few reads), a page of 1,000
 * with relations is refused; cost 20,000 is between the two.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: { n: 12 },
  maxAliases: { n: 15 },
  maxDirectives: { n: 20 },
  maxTokens: { n: 2000 },
  costLimit: { maxCost: 20_000 },
} as const;

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  graphql: GraphqlContext;
}

/**
 * The contexts of one request, made when the path it takes is known (`JsonOperations`):
 * the resolvers' context, gathering reads or not, and Yoga's server context around it. A
 * class rather than closures made per request (the server's build names each of them).
 */
class RequestContexts implements OperationContexts<ServerContext> {
  #graphql: GraphqlContext | undefined;

  constructor(
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    readonly access: RequestAccess,
  ) {}

  contextValue(gathers: boolean): GraphqlContext {
    this.#graphql ??= createGraphqlContext(this.access, gathers);
    return this.#graphql;
  }

  serverContext(): ServerContext {
    return { req: this.request, reply: this.reply, graphql: this.contextValue(true) };
  }
}

/** A refusal of the whole request (401, 429), in GraphQL's error format. */
function requestRefusal(reply: FastifyReply, error: DomainError) {
  const status = HTTP_STATUS_OF[error.code];
  if (error.details.retryAfterSeconds !== undefined)
    reply.header('retry-after', error.details.retryAfterSeconds);
  return reply.code(status).send({
    errors: [{ message: error.message, extensions: { code: error.code, httpStatus: status } }],
  });
}

/** What clients see of an unexpected error (Yoga's own default). */
const UNEXPECTED_ERROR = 'Unexpected error.';

export function registerGraphql(app: FastifyInstance, gate: RequestGate): void {
  const prepared = new PreparedOperations();
  const yoga = createYoga<ServerContext>({
    schema: registrySchemaOnce(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // GraphiQL is Quire's own page (`graphiql.ts`), which needs no CDN.
    graphiql: false,
    context: ({ graphql }) => graphql,
    // CORS is the server's, the same for every face (QUIRE_CORS_ORIGINS), not Yoga's.
    cors: false,
    // Never development mode: Yoga would add the original error's message and stack.
    maskedErrors: { isDev: false, errorMessage: UNEXPECTED_ERROR },
    plugins: [
      EnvelopArmorPlugin({ ...GRAPHQL_LIMITS, blockFieldSuggestion: { enabled: false } }),
      // Compiles each distinct query once (cached per document): lists of resources execute
      // several times faster than graphql-js's interpreter.
      // Its cache is the prepared operations' (`prepared-operations.ts`).
      useGraphQlJit({}, { cache: prepared.compiled }),
      quireValidationRules,
    ],
    logging: {
      debug: (...args) => app.log.debug(args),
      info: (...args) => app.log.info(args),
      warn: (...args) => app.log.warn(args),
      error: (...args) => app.log.error(args),
    },
  });

  /** Yoga's masking (`maskedErrors` above) for the calls that run a compiled query directly. */
  const maskExecutionError: MaskError = (error) => {
    const masked = maskError(error, UNEXPECTED_ERROR, false);
    if (masked !== error) app.log.error([error]);
    return masked as GraphQLError;
  };
  const jsonOperations = new JsonOperations(yoga, prepared, maskExecutionError);

  /** Hands a request to Yoga (anything but a plain JSON call), buffered. */
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

  const graphiql = registerGraphiql(app, {
    title: 'Quire GraphQL',
    headers: JSON.stringify({ Authorization: 'Bearer <your API token>' }, null, 2),
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/graphql',
    handler: async (request, reply) => {
      // The GraphiQL page needs no token: it sends the one typed in its headers pane, or, in
      // a browser signed in to the web app, its session's CSRF token beside the cookie.
      const wantsGraphiql = graphiql.wanted(request);
      let access: RequestAccess;
      try {
        access = await gate.open(requestFactsOf(request, reply));
      } catch (error) {
        // The page is served whatever its request's credentials (a GET: no CSRF check).
        if (wantsGraphiql) return graphiql.send(reply);
        if (isDomainError(error)) return requestRefusal(reply, error);
        throw error;
      }
      if (wantsGraphiql) return graphiql.send(reply, access.session?.csrfToken);
      if (!access.ctx.caller) {
        // Refused before any field runs: charged as one operation without a caller would be.
        await access.charge();
        return requestRefusal(reply, unauthenticated());
      }
      const contexts = new RequestContexts(request, reply, access);
      const answered = await jsonOperations.answer(request, contexts);
      if (!answered) return sendThroughYoga(request, reply, contexts.contextValue(true));
      return reply
        .code(answered.status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(answered.body);
    },
  });
}
