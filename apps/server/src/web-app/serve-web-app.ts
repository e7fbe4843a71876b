/**
 * The web app (`apps/web`, built into `apps/web/dist`) at `/`:
 *
 * - `/assets/*`: the files Vite wrote, named by the hash of their content, so a browser may
 *   keep them for a year without asking again (`immutable`); served precompressed (the build
 *   writes `.br` and `.gz` beside each script and stylesheet) when the browser accepts it.
 * - `index.html` at `/` and, through the server's 404 handler, at every other path a browser
 *   navigates to (the app routes on the client): never reused without asking (`no-cache`),
 *   so a new build is seen at once. A path of the API or of the server's own pages, or a
 *   request that does not accept HTML (an API client, a script), stays the JSON 404.
 * - Without a build, `/` says how to make one, and the server logs it once at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the server answers itself: never the app, even for a browser. */
export const SERVER_PATH_PREFIXES = [
  '/v1/',
  '/admin/',
  '/trpc/',
  '/graphql',
  '/graphiql',
  '/docs',
  '/openapi.json',
  '/files/',
  '/pdf/',
  '/metrics',
  '/healthz',
  '/readyz',
  '/assets/',
] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quire: the web app is not built</title></head>
<body><main><h1>The web app is not built yet</h1>
<p>Run <code>pnpm build</code> (or <code>pnpm start</code>, which builds what is missing) at the root of the
Quire repository, then reload this page. While developing, <code>pnpm dev:web</code> serves the app with
hot reload.</p>
<p>The API works without it: <a href="/docs">/docs</a>.</p></main></body></html>
`;

/** `apps/web/dist`, found from this file whether it runs from the sources or from the server's bundle. */
export function defaultWebDistDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@quire/server')
      return join(dir, '..', 'web', 'dist');
  }
  throw new Error('serve-web-app: no @quire/server package.json above this file');
}

const isServerPath = (path: string): boolean =>
  SERVER_PATH_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));

/** A navigation of a browser: it asks for HTML. */
const acceptsHtml = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes('text/html');

export interface WebAppOptions {
  /** Where the build is (default: `apps/web/dist`). */
  distDir?: string;
}

export interface WebApp {
  /**
   * For the server's 404 handler: answers a browser navigating to a path of the app (a GET
   * or HEAD asking for HTML, outside the server's own paths) with `index.html`; undefined
   * for any other request, which stays a 404. A handler rather than a catch-all route, so
   * that the router's own refusals (an over-long path segment's 414) stay what they are.
   */
  answerNavigation(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined;
}

export function registerWebApp(app: FastifyInstance, options: WebAppOptions = {}): WebApp {
  const distDir = options.distDir ?? defaultWebDistDir();
  const indexFile = join(distDir, 'index.html');

  app.addHook('onReady', async () => {
    if (!existsSync(indexFile))
      app.log.warn(`the web app is not built (${indexFile} is missing): run pnpm build to serve it at /`);
  });

  app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    index: false,
    // The folder appears with the first build, possibly after the server started.
    suppressWarning: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => reply.header('cache-control', IMMUTABLE),
  });

  const answerIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    const html = await readFile(indexFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (html === undefined) return reply.code(503).send(MISSING_BUILD_PAGE);
    return reply.send(html);
  };

  app.get('/', answerIndex);

  return {
    answerNavigation(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
      const path = request.url.split('?')[0]!;
      if (isServerPath(path) || !acceptsHtml(request)) return undefined;
      return answerIndex(request, reply);
    },
  };
}
