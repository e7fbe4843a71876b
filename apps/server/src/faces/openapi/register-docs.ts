/**
 * `/openapi.json` (generated from the route table), its parts `/openapi/<group>.json`, and
 * `/docs` (Swagger UI over the parts, one at a time, titled Quire). `/` is the web app's (`web-app/serve-web-app.ts`).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { stringify as stringifyYaml } from 'yaml';
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
 * The document and its parts, built at the first request that reads one, then kept as texts
 * (`keptTexts`): a server start that built them spent about 0.4 s of a core on them (and on the
 * JSON Schemas of every operation) whether anybody read its documentation or not; an in-process
 * test server, 37 ms of its 110.
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
  return keptTexts(whole, part);
}

/**
 * The document's texts, each written at its first request and then kept, as the document is.
 * *Changed (nineteenth session):* each request wrote them anew on the event loop, for anyone
 * (the documentation needs no token): `/docs/yaml` 0.5-0.7 s a request (`yaml.stringify` of a
 * 1.5 MB document), `/openapi.json` and `/docs/json` 60-80 ms.
 */
function keptTexts(whole: () => OpenApiDocument, part: (group: ApiGroupId) => OpenApiDocument) {
  let json: string | undefined;
  let yaml: string | undefined;
  const partJson = new Map<ApiGroupId, string>();
  return {
    wholeJson: () => (json ??= JSON.stringify(whole())),
    wholeYaml: () => (yaml ??= stringifyYaml(whole())),
    partJson: (group: ApiGroupId) => {
      let kept = partJson.get(group);
      if (kept === undefined) {
        kept = JSON.stringify(part(group));
        partJson.set(group, kept);
      }
      return kept;
    },
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function registerDocs(app: FastifyInstance, routes: readonly RestRoute[], config: Config): void {
  const lazy = lazyDocument(routes, config);
  app.get(DOCUMENT_PATH, async (_request, reply) => reply.type(JSON_TYPE).send(lazy.wholeJson()));
  for (const group of API_GROUPS)
    app.get(documentPartPath(group.id), async (_request, reply) =>
      reply.type(JSON_TYPE).send(lazy.partJson(group.id)),
    );
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
      // `/docs/json` sends the kept text (a string with its type is sent as it is).
      transformSpecification: (_document, _request, reply) => {
        reply.type(JSON_TYPE);
        return lazy.wholeJson() as never;
      },
      transformSpecificationClone: false,
      // `/docs/yaml` too: the plugin's own route writes YAML at every request; answered here first.
      uiHooks: {
        onRequest: async (request, reply) => {
          if (request.routeOptions.url === '/docs/yaml')
            return reply.type('application/x-yaml').send(lazy.wholeYaml());
        },
      },
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
