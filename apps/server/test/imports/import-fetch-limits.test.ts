/**
 * What one web import may make the server fetch, whatever the pages say: a site on
 * 127.0.0.1 (allowed, as `QUIRE_FETCH_ALLOW_HOSTS` would) whose start page links hundreds of
 * pages and images that fail, are not HTML, or never answer. A failed or skipped fetch counts
 * like any other (`ImportFetches`): the requests, the bytes received and the time are each
 * bounded for the whole import, and a URL is asked for once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReader, noProgress } from './import-reader';

const LINKS = 300;
const HEAVY_BYTES = 1024 * 1024;

let site: Server;
let origin = '';
/** Requests by path prefix (`/broken`, `/heavy`, `/missing`, `/slow`, ...). */
const requests = new Map<string, number>();
let heavyBytesSent = 0;

const html = (body: string) =>
  `<!doctype html><html><head><title>Start</title></head><body><main><h1>Start</h1>${body}</main></body></html>`;
const many = (count: number, item: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => item(i)).join('');

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const prefix = `/${path.split('/')[1]}`;
    requests.set(prefix, (requests.get(prefix) ?? 0) + 1);
    const page = (body: string) => response.writeHead(200, { 'content-type': 'text/html' }).end(html(body));
    if (path === '/broken/')
      return page(
        many(LINKS, (i) => `<p><a href="/broken/p${i}">page ${i}</a></p>`) +
          many(LINKS, (i) => `<p><img src="/missing/${i}.png" alt="${i}"></p>`),
      );
    if (path === '/heavy/') return page(many(50, (i) => `<p><a href="/heavy/p${i}">page ${i}</a></p>`));
    if (path.startsWith('/heavy/')) {
      heavyBytesSent += HEAVY_BYTES;
      return response
        .writeHead(200, { 'content-type': 'application/octet-stream' })
        .end(Buffer.alloc(HEAVY_BYTES));
    }
    if (path === '/logo/')
      return page(many(LINKS, (i) => `<p>${i}</p><p><img src="/gone/logo.png" alt="logo"></p>`));
    if (path === '/slow/') return page(many(3, (i) => `<p><a href="/slow/p${i}">page ${i}</a></p>`));
    if (path.startsWith('/slow/')) return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("a web import's fetches", () => {
  it('stop at maxFetches, failed ones counted: 300 broken links and 300 missing images', async () => {
    const { reader } = await importReader({ maxPages: 5, maxFetches: 40 });
    const failure = await failureOf(reader.read({ source: 'website', url: `${origin}/broken/` }, noProgress));
    expect(failure).toMatchObject({
      reason: 'too-large',
      message: 'The import made more than 40 requests for pages and images (QUIRE_IMPORT_MAX_PAGES)',
    });
    const made = (requests.get('/broken') ?? 0) + (requests.get('/missing') ?? 0);
    expect(made).toBeLessThanOrEqual(41);
  });

  it('count every byte received against the total, a page skipped for not being HTML included', async () => {
    const { reader } = await importReader({ maxImportBytes: 5 * HEAVY_BYTES });
    const failure = await failureOf(reader.read({ source: 'website', url: `${origin}/heavy/` }, noProgress));
    expect(failure).toMatchObject({
      reason: 'too-large',
      message: `The import holds more than ${5 * HEAVY_BYTES} bytes of pages and files (QUIRE_IMPORT_MAX_BYTES)`,
    });
    // Concurrent fetches may be in flight when the limit is passed: at most a batch more.
    expect(heavyBytesSent).toBeLessThanOrEqual(10 * HEAVY_BYTES);
  });

  it('ask for a URL once: the same missing image on every paragraph is one request', async () => {
    const { reader } = await importReader();
    const content = await reader.read({ source: 'html', url: `${origin}/logo/` }, noProgress);
    expect(content.files).toHaveLength(0);
    expect(requests.get('/gone')).toBe(1);
  });

  it('end with the total time, pages that never answer included', { timeout: 30_000 }, async () => {
    const { reader } = await importReader({ fetchTimeoutMs: 120_000, fetchTotalMs: 500 });
    const failure = await failureOf(reader.read({ source: 'website', url: `${origin}/slow/` }, noProgress));
    expect(failure).toMatchObject({
      reason: 'fetch-failed',
      message: "The import's pages and images were not all fetched within 500 ms",
    });
  });
});
