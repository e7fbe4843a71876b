/**
 * The REST face: registers every route of the table on Fastify. A handler assembles the
 * input, runs the one operation, and sends its output (204 when it has none).
 */
import type { FastifyInstance } from 'fastify';
import { contextFor, type Services } from '../../request-context';
import { runOperation } from '../run-operation';
import { inputAssemblerFor } from './assemble-input';
import type { RestRoute } from './route';

export function registerRestRoutes(
  app: FastifyInstance,
  routes: readonly RestRoute[],
  services: Services,
): void {
  for (const route of routes) {
    const assemble = inputAssemblerFor(route.operation);
    const successStatus = route.status ?? 200;
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const ctx = await contextFor(services, request.headers.authorization);
        const input = assemble(
          request.params as Record<string, string>,
          request.query as Record<string, string | string[] | undefined>,
          request.body,
        );
        const output = await runOperation(route.operation, ctx, input);
        if (output === null || output === undefined) return reply.code(route.status ?? 204).send();
        return reply.code(successStatus).send(output);
      },
    });
  }
}
