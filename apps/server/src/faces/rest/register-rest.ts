/**
 * The REST face: registers every route of the table on Fastify. A handler assembles the
 * input, runs the one operation, and sends its output (204 when it has none).
 */
import type { FastifyInstance } from 'fastify';
import { requestFactsOf } from '../../http/request-facts';
import type { RequestGate } from '../../request-context';
import { runOperation } from '../run-operation';
import { inputAssemblerFor } from './assemble-input';
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
    app.route({
      method: route.method,
      // Fastify's wildcard is the one parameter that may hold slashes; it is renamed below.
      url: rest ? route.path.replace(/:\w+$/, '*') : route.path,
      handler: async (request, reply) => {
        const access = await gate.open(requestFactsOf(request, reply));
        const input = assemble(
          rest
            ? restParams(request.params as Record<string, string>, rest)
            : (request.params as Record<string, string>),
          request.query as Record<string, string | string[] | undefined>,
          request.body,
        );
        const output = await runOperation(route.operation, access, input);
        if (output === null || output === undefined) return reply.code(route.status ?? 204).send();
        if (route.bodilessStatus) return reply.code(route.bodilessStatus(output)).send();
        const location = route.location?.(input, output);
        if (location !== undefined) reply.header('location', location);
        return reply.code(successStatus).send(output);
      },
    });
  }
}

/** The path parameters with Fastify's wildcard (`*`) under the name the route gives it. */
function restParams(params: Record<string, string>, name: string): Record<string, string> {
  const { '*': wildcard, ...named } = params;
  return { ...named, [name]: wildcard ?? '' };
}
