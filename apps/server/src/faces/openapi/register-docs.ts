/**
 * `/openapi.json` (generated from the route table), `/docs` (Swagger UI over it, titled
 * Quire), and `/`, which leads to `/docs` until the web app takes its place.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RestRoute } from '../rest/route';
import { buildOpenApiDocument } from './openapi-document';
import { QUIRE_LOGO_SVG } from './quire-logo';

export const DOCUMENT_PATH = '/openapi.json';

export function registerDocs(app: FastifyInstance, routes: readonly RestRoute[], config: Config): void {
  const document = buildOpenApiDocument(routes, config);
  app.get(DOCUMENT_PATH, async () => document);
  app.get('/', (_request, reply) => reply.redirect('/docs'));
  app.register(async (scope) => {
    await scope.register(swagger, {
      mode: 'static',
      // biome-ignore lint/suspicious/noExplicitAny: @fastify/swagger's static document type is OpenAPI 3.0's
      specification: { document: document as any },
    });
    await scope.register(swaggerUi, {
      routePrefix: '/docs',
      theme: { title: 'Quire' },
      logo: { type: 'image/svg+xml', content: Buffer.from(QUIRE_LOGO_SVG), href: '/docs', target: '_self' },
      uiConfig: {
        // `urls` rather than `url`: the plugin sets `url` to its own copy under /docs/json.
        urls: [{ url: DOCUMENT_PATH, name: document.info.title }],
        persistAuthorization: true,
      },
    });
  });
}
