/**
 * A web site on 127.0.0.1 for the embed tests: pages with Open Graph tags, an oEmbed
 * description, a page larger than the embed limit, a page that never finishes, and a
 * redirect to a private address; it counts the requests of each path. The server under test
 * must allow the host (`QUIRE_FETCH_ALLOW_HOSTS=127.0.0.1`); `localhost`, which it does not
 * allow, reaches the same site through a name that resolves to a loopback address.
 *
 * It starts on first use, one per test worker, and lets the worker exit (`unref`).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

let origin: Promise<number> | undefined;
const requestsOf = new Map<string, number>();
const hanging = new Set<ServerResponse>();

const html = (head: string) => `<!doctype html><html><head>${head}</head><body><p>Body</p></body></html>`;

function serve(path: string, response: ServerResponse, port: number): void {
  const base = `http://127.0.0.1:${port}`;
  switch (path) {
    case '/card':
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        html(
          `<title>Plain title</title><meta property="og:title" content="  The   Guide ">
           <meta property="og:site_name" content="Example Docs"><link rel="icon" href="/favicon.png">`,
        ),
      );
      return;
    case '/oembed-page':
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(html(`<link rel="alternate" type="application/json+oembed" href="${base}/oembed.json">`));
      return;
    case '/oembed.json':
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ title: 'A video', provider_name: 'Tube', html: '<script>alert(1)</script>' }));
      return;
    case '/huge':
      // A title first, then more than the limit: a card read past the limit would show it.
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><title>Huge</title>');
      response.end(`<!--${'x'.repeat(2 * 1024 * 1024)}--></head></html>`);
      return;
    case '/slow':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><title>Slow</title>');
      hanging.add(response);
      return;
    case '/to-private':
      response.writeHead(302, { location: `http://localhost:${port}/card` }).end();
      return;
    case '/file.pdf':
      response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
      return;
    default:
      response.writeHead(404).end();
  }
}

function startOrigin(): Promise<number> {
  let port = 0;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://origin').pathname;
    requestsOf.set(path, (requestsOf.get(path) ?? 0) + 1);
    serve(path, response, port);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      port = (server.address() as AddressInfo).port;
      resolve(port);
    });
  });
}

/** The site's port, once it listens. */
export async function embedOriginPort(): Promise<number> {
  origin ??= startOrigin();
  return origin;
}

/** How many times `path` was requested so far. */
export const requestsTo = (path: string): number => requestsOf.get(path) ?? 0;

/** Ends the responses left hanging (`/slow`). */
export function endHanging(): void {
  for (const response of hanging) response.destroy();
  hanging.clear();
}
