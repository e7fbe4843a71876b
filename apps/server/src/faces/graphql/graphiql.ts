/**
 * GraphiQL, served whole by Quire so that it works without internet: Yoga's own page loads
 * its scripts from a CDN (a blank page offline). The editor comes from the
 * `@graphql-yoga/render-graphiql` package, which holds it as strings (script, styles, the
 * Monaco workers, the icon); Quire serves them as files under `/graphiql/` (cached, and
 * revalidated by ETag, since the package ships them with no version in their name) and
 * the page at `GET /graphql` (for browsers asking for HTML), with a Content-Security-Policy
 * that allows exactly what the editor does: its own scripts and workers, the styles Monaco
 * and React set at run time (hence `'unsafe-inline'` for styles, never for scripts), the
 * fonts and images its styles inline as `data:` URLs, and calls to this server. The
 * package (9 MB) is read on the first request for a file, never at startup.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '../../http/request-facts';

export const GRAPHIQL_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ASSETS = '/graphiql';

/** Monaco's workers by the label it asks for them with. */
const WORKER_LABELS = ['editorWorkerService', 'json', 'graphql'] as const;

/** What the page's script renders GraphiQL with (read from the page, not built into the script). */
export interface GraphiqlOptions {
  title: string;
  /** The text of the headers pane (GraphiQL keeps none across loads). */
  headers: string;
}

/**
 * The headers pane of a browser signed in to the web app: its session's CSRF token, which the
 * server wants beside the session cookie with every POST (the cookie goes with GraphiQL's
 * same-origin calls by itself). So GraphiQL runs as the signed-in person, introspection
 * included, with nothing typed; without a session, the pane shows where an API token goes.
 */
export const signedInHeaders = (csrfToken: string): string =>
  JSON.stringify({ [CSRF_HEADER]: csrfToken }, null, 2);

interface Asset {
  body: string | Buffer;
  contentType: string;
  etag: string;
}

const asset = (body: string | Buffer, contentType: string): Asset => ({
  body,
  contentType,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

/** Runs before the editor's script: Monaco asks for its workers' URLs through this. */
const MONACO_ENVIRONMENT = `self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: function (_moduleId, label) {
    return new URL('${ASSETS}/workers/' + label + '.js', location.href).href;
  },
};
`;

/** Runs after it: renders GraphiQL into the page with the page's options. */
const RENDER = `
YogaGraphiQL.renderYogaGraphiQL(
  document.getElementById('graphiql'),
  JSON.parse(document.getElementById('graphiql-options').textContent),
);
`;

async function loadAssets(): Promise<Map<string, Asset>> {
  const graphiql = await import('@graphql-yoga/render-graphiql/graphiql');
  const icon = Buffer.from(graphiql.favicon.slice(graphiql.favicon.indexOf(',') + 1), 'base64');
  const workers: Record<(typeof WORKER_LABELS)[number], string> = {
    editorWorkerService: graphiql.editorWorkerService,
    json: graphiql.jsonWorker,
    graphql: graphiql.graphqlWorker,
  };
  return new Map([
    [
      'graphiql.js',
      asset(`${MONACO_ENVIRONMENT};${graphiql.js};${RENDER}`, 'text/javascript; charset=utf-8'),
    ],
    ['graphiql.css', asset(graphiql.css, 'text/css; charset=utf-8')],
    ['favicon.ico', asset(icon, 'image/x-icon')],
    ...WORKER_LABELS.map(
      (label) => [`workers/${label}.js`, asset(workers[label], 'text/javascript; charset=utf-8')] as const,
    ),
  ]);
}

/** The options as JSON inside the page: `<` escaped, so no text can close the script element. */
const optionsJson = (options: GraphiqlOptions): string => JSON.stringify(options).replace(/</g, '\\u003c');

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function graphiqlPage(options: GraphiqlOptions): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title)}</title>
    <link rel="icon" href="${ASSETS}/favicon.ico" />
    <link rel="stylesheet" href="${ASSETS}/graphiql.css" />
    <script id="graphiql-options" type="application/json">${optionsJson(options)}</script>
    <script src="${ASSETS}/graphiql.js" defer></script>
  </head>
  <body>
    <noscript>GraphiQL needs JavaScript.</noscript>
    <div id="graphiql"></div>
  </body>
</html>
`;
}

/**
 * The page and its files. The page is the anonymous one unless `send` is given a signed-in
 * browser's CSRF token; either way never stored by a cache (`no-store`, varying by cookie),
 * since one address answers both.
 */
export function registerGraphiql(app: FastifyInstance, options: GraphiqlOptions) {
  let assets: Promise<Map<string, Asset>> | undefined;
  const anonymousPage = graphiqlPage(options);

  app.get<{ Params: { '*': string } }>(`${ASSETS}/*`, async (request, reply) => {
    assets ??= loadAssets();
    const found = (await assets).get(request.params['*']);
    if (!found) return reply.callNotFound();
    reply
      .header('content-security-policy', GRAPHIQL_CONTENT_SECURITY_POLICY)
      .header('cache-control', 'no-cache')
      .header('etag', found.etag);
    if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
    return reply.type(found.contentType).send(found.body);
  });

  return {
    wanted: (request: FastifyRequest): boolean =>
      request.method === 'GET' && (request.headers.accept ?? '').includes('text/html'),
    send: (reply: FastifyReply, csrfToken?: string) =>
      reply
        .header('content-security-policy', GRAPHIQL_CONTENT_SECURITY_POLICY)
        .header('cache-control', 'private, no-store')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(
          csrfToken === undefined
            ? anonymousPage
            : graphiqlPage({ ...options, headers: signedInHeaders(csrfToken) }),
        ),
  };
}
