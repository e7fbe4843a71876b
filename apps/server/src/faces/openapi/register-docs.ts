/**
 * `/openapi.json` (generated from the route table), its parts `/openapi/<group>.json`, and
 * `/docs` (Swagger UI over the parts, one at a time, titled Quire). `/` is the web app's (`web-app/serve-web-app.ts`).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RestRoute } from '../rest/route';
import { API_GROUPS, type ApiGroupId } from './api-groups';
import { documentPart } from './document-part';
import { buildOpenApiDocument } from './openapi-document';
import { QUIRE_LOGO_SVG } from './quire-logo';

export const DOCUMENT_PATH = '/openapi.json';

/** Where `/docs` reads one part of the document (`API_GROUPS`). */
export const documentPartPath = (group: ApiGroupId) => `/openapi/${group}.json`;

export function registerDocs(app: FastifyInstance, routes: readonly RestRoute[], config: Config): void {
  const document = buildOpenApiDocument(routes, config);
  app.get(DOCUMENT_PATH, async () => document);
  for (const group of API_GROUPS) {
    const part = documentPart(document, group.id);
    app.get(documentPartPath(group.id), async () => part);
  }
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
        // One part at a time (`API_GROUPS`): Swagger UI cannot render the whole document.
        urls: API_GROUPS.map((group) => ({ url: documentPartPath(group.id), name: group.title })),
        persistAuthorization: true,
      },
    });
  });
}
