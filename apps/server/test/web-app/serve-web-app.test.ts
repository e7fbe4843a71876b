/**
 * The web app's files over real HTTP: hashed assets kept a year, `index.html` never reused
 * without asking and answered for every path a browser navigates to, the API's paths and
 * non-browser requests left to the JSON 404, and a page saying how to build when there is no
 * build. A build of a few files made in a temporary directory stands in for Vite's.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_BUILD_PAGE, registerWebApp } from '../../src/web-app/serve-web-app';
import { startTestServer, type TestServer } from '../support/test-server';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const SCRIPT = 'console.log("quire");\n';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

async function serve(distDir: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  const webApp = registerWebApp(app, { distDir });
  app.setNotFoundHandler(
    (request, reply) =>
      webApp.answerNavigation(request, reply) ?? reply.code(404).send({ error: { code: 404 } }),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

describe('with a build', () => {
  let distDir: string;
  let served: { app: FastifyInstance; url: string };
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'quire-web-dist-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), INDEX);
    await writeFile(join(distDir, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    await writeFile(join(distDir, '.build-record.json'), '{}');
    served = await serve(distDir);
  });
  afterAll(async () => {
    await served.app.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache', async () => {
    const response = await fetch(`${served.url}/`, { headers: HTML });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it('serves hashed assets as immutable, precompressed when the browser accepts it', async () => {
    const plain = await fetch(`${served.url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toContain('javascript');
    expect(await plain.text()).toBe(SCRIPT);
    const gzipped = await fetch(`${served.url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(SCRIPT);
  });

  it('answers index.html for any path a browser navigates to (the app routes on the client)', async () => {
    for (const path of ['/o/org1/s/space1/guides/install', '/sign-in?redirect=%2Fo%2Fx']) {
      const response = await fetch(`${served.url}${path}`, { headers: HTML });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('leaves the API, the server pages, missing assets and non-browser requests to the 404', async () => {
    for (const path of [
      '/v1/nowhere',
      '/trpc/nowhere',
      '/admin/x',
      '/files/x',
      '/pdf/x',
      '/assets/gone.js',
    ]) {
      const response = await fetch(`${served.url}${path}`, { headers: HTML });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 404 } });
    }
    const script = await fetch(`${served.url}/o/org1`, { headers: { accept: 'application/json' } });
    expect(script.status).toBe(404);
  });

  it('never serves the build record or anything outside assets/', async () => {
    for (const path of [
      '/.build-record.json',
      '/assets/../.build-record.json',
      '/assets/%2e%2e/index.html',
    ]) {
      const response = await fetch(`${served.url}${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});

describe('without a build', () => {
  it('says at / how to build the app', async () => {
    const distDir = join(tmpdir(), 'quire-web-dist-none');
    const served = await serve(distDir);
    try {
      const response = await fetch(`${served.url}/`, { headers: HTML });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(MISSING_BUILD_PAGE);
    } finally {
      await served.app.close();
    }
  });
});

describe('in the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers / as a page, under a policy that lets the app run: its own scripts, styles and API', async () => {
    const response = await fetch(`${server.url}/`, { headers: HTML });
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('lets the app show images from https addresses, as the editor inserts them by URL, and nothing wider', async () => {
    const response = await fetch(`${server.url}/`, { headers: HTML });
    const directives = new Map(
      (response.headers.get('content-security-policy') ?? '').split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    // Only images: scripts, styles, frames and connections stay the app's own.
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
  });

  it('keeps the JSON 404 of the API for a browser', async () => {
    const response = await fetch(`${server.url}/v1/nowhere`, { headers: HTML });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe(404);
  });

  it("leaves the router's refusals as they are: an over-long path segment is still a 414", async () => {
    const response = await fetch(`${server.url}/v1/orgs/${'a'.repeat(5000)}`, { headers: HTML });
    expect(response.status).toBe(414);
  });
});
