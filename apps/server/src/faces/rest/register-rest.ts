/**
 * The REST face: registers every route of the table on Fastify. A handler assembles the
 * input, runs the one operation, and sends its output (204 when it has none).
 */
import { isStreamedList } from '@quire/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CACHE_TAG_HEADER, cacheTagsOfInput, IMMUTABLE_REVISION_CACHE } from '../../http/cache-tags';
import { requestFactsOf } from '../../http/request-facts';
import type { RequestGate } from '../../request-context';
import { runOperation } from '../run-operation';
import { inputAssemblerFor } from './assemble-input';
import { EVENT_STREAM_TYPE, eventStreamOf, streamedEvents } from './event-stream';
import type { RestRoute } from './route';

export function registerRestRoutes(
  app: FastifyInstance,
  routes: readonly RestRoute[],
  gate: RequestGate,
): void {
  for (const route of routes) {
    const assemble = inputAssemblerFor(route);
    const successStatus = route.status ?? 200;
    const rest = route.lastParamTakesSlashes ? /:(\w+)$/.exec(route.path)?.[1] : undefined;
    const tagsOf =
      route.cacheTags ??
      (route.method === 'GET'
        ? (input: unknown) => cacheTagsOfInput(input as Record<string, unknown>)
        : undefined);
    // A revision never changes: what was read of one may be kept (see `http/cache-tags.ts`).
    const readsRevision = route.method === 'GET' && route.path.includes('/revisions/:revisionId');
    app.route({
      method: route.method,
      // Fastify's wildcard is the one parameter that may hold slashes; it is renamed below.
      url: rest ? route.path.replace(/:\w+$/, '*') : route.path,
      handler: async (request, reply) => {
        // A cached bearer token opens the request at once: no promise to wait for.
        const opening = gate.openNow(requestFactsOf(request, reply));
        const access = opening instanceof Promise ? await opening : opening;
        const input = assemble(
          rest
            ? restParams(request.params as Record<string, string>, rest)
            : (request.params as Record<string, string>),
          request.query as Record<string, string | string[] | undefined>,
          request.body,
        );
        const output = await runOperation(route.operation, access, input, {
          stream: route.eventStream === true,
        });
        if (output === null || output === undefined) return settled(reply.code(route.status ?? 204).send());
        if (route.bodilessStatus) return settled(reply.code(route.bodilessStatus(output)).send());
        if (route.eventStream)
          return reply
            .code(successStatus)
            .header('content-type', EVENT_STREAM_TYPE)
            .header('cache-control', 'no-store')
            .send(
              isStreamedList(output) ? streamedEvents(output, reply.raw) : eventStreamOf(output as unknown[]),
            );
        const location = route.location?.(input, output);
        if (location !== undefined) reply.header('location', location);
        if (tagsOf !== undefined) {
          const tags = tagsOf(input, output);
          if (tags.length > 0) reply.header(CACHE_TAG_HEADER, tags.join(','));
        }
        // Dereferenced, a revision's page holds other content's current state: not kept.
        if (readsRevision && (input as { dereferenced?: unknown }).dereferenced === undefined)
          reply.header('cache-control', IMMUTABLE_REVISION_CACHE);
        // A reply's status is 200 until set: only another success status needs setting.
        if (successStatus !== 200) reply.code(successStatus);
        reply.send(output);
        return settled(reply);
      },
    });
  }
}

/**
 * What the handler answers Fastify once it has sent: nothing when the answer is written (a
 * JSON body is, at once), else the reply, which Fastify then waits for. A reply is a thenable:
 * answering a sent one made its promise adopt it, a lookup of its `then` and two more
 * microtasks per request.
 */
const settled = (reply: FastifyReply): FastifyReply | undefined => (reply.sent ? undefined : reply);

/** The path parameters with Fastify's wildcard (`*`) under the name the route gives it. */
function restParams(params: Record<string, string>, name: string): Record<string, string> {
  const { '*': wildcard, ...named } = params;
  return { ...named, [name]: wildcard ?? '' };
}
