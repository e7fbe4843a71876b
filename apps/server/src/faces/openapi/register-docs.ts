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

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/**
 * The document and its parts, built at the first request that reads one, then kept: a server
 * start that built them spent about 0.4 s of a core on them (and on the JSON Schemas of every
 * operation) whether anybody read its documentation or not; an in-process test server, 37 ms
 * of its 110.
 */
function lazyDocument(routes: readonly RestRoute[], config: Config) {
  let document: OpenApiDocument | undefined;
  const parts = new Map<ApiGroupId, OpenApiDocument>();
  const whole = (): OpenApiDocument => {
    document ??= buildOpenApiDocument(routes, config);
    return document;
  };
  const part = (group: ApiGroupId): OpenApiDocument => {
    let kept = parts.get(group);
    if (!kept) {
      kept = documentPart(whole(), group);
      parts.set(group, kept);
    }
    return kept;
  };
  return { whole, part };
}

export function registerDocs(app: FastifyInstance, routes: readonly RestRoute[], config: Config): void {
  const lazy = lazyDocument(routes, config);
  app.get(DOCUMENT_PATH, async () => lazy.whole());
  for (const group of API_GROUPS) app.get(documentPartPath(group.id), async () => lazy.part(group.id));
  app.register(async (scope) => {
    await scope.register(swagger, {
      mode: 'static',
      // The plugin wants the document as it registers; what it serves (`/docs/json` and
      // `/docs/yaml`) is the built one, through `transformSpecification` below.
      specification: {
        document: { openapi: '3.1.0', info: { title: 'Quire API', version: '1.0.0' }, paths: {} },
      },
    });
    await scope.register(swaggerUi, {
      routePrefix: '/docs',
      transformSpecification: () => lazy.whole(),
      transformSpecificationClone: false,
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
