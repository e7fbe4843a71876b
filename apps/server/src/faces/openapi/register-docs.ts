/** `/openapi.json` (generated from the route table) and `/docs` (Swagger UI over it). */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RestRoute } from '../rest/route';
import { buildOpenApiDocument } from './openapi-document';

export function registerDocs(app: FastifyInstance, routes: readonly RestRoute[], config: Config): void {
  const document = buildOpenApiDocument(routes, config);
  app.get('/openapi.json', async () => document);
  app.register(async (scope) => {
    await scope.register(swagger, {
      mode: 'static',
      // biome-ignore lint/suspicious/noExplicitAny: @fastify/swagger's static document type is OpenAPI 3.0's
      specification: { document: document as any },
    });
    await scope.register(swaggerUi, { routePrefix: '/docs', uiConfig: { persistAuthorization: true } });
  });
}
