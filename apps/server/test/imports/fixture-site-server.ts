/**
 * A local HTTP server on 127.0.0.1 for the import tests: it serves the files under
 * `fixtures/site/` (a folder's `index.html` for a path ending in `/`), a generated site of any
 * size under `/generated/<n>/`, the bytes tests register (`serve`), and the misbehaving
 * answers the outbound rules must refuse (a redirect loop, a redirect to a private address,
 * a body with no end, a server that never answers).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('./fixtures/site', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.png': 'image/png',
};

export interface FixtureSiteServer {
  origin: string;
  port: number;
  /** Paths requested so far, in order. */
  requested: string[];
  serve(path: string, bytes: Uint8Array, contentType: string): void;
  close(): Promise<void>;
}

export async function startFixtureSiteServer(): Promise<FixtureSiteServer> {
  const served = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const requested: string[] = [];
  let port = 0;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requested.push(path);
    const registered = served.get(path);
    if (registered)
      return response.writeHead(200, { 'content-type': registered.contentType }).end(registered.bytes);
    if (path === '/redirect-loop') return response.writeHead(302, { location: '/redirect-loop' }).end();
    if (path.endsWith('/redirect-private'))
      return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/redirect-localhost')
      return response.writeHead(302, { location: `http://localhost:${port}/docs/` }).end();
    if (path === '/endless') return endlessBody(response);
    if (path === '/never') return; // never answers
    const generated = /^\/generated\/(\d+)\/(?:page-(\d+)\.html)?$/.exec(path);
    if (generated) return generatedPage(response, Number(generated[1]), Number(generated[2] ?? 0));
    void serveFile(path, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requested,
    serve: (path, bytes, contentType) => served.set(path, { bytes, contentType }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function serveFile(path: string, response: ServerResponse): Promise<void> {
  const file = normalize(join(FIXTURES, path.endsWith('/') ? `${path}index.html` : path));
  if (!file.startsWith(FIXTURES)) return void response.writeHead(404).end();
  try {
    const bytes = await readFile(file);
    response
      .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(bytes);
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}

/**
 * Page `n` of a generated site of `size` pages (page 0 is the index): a navigation listing
 * every page, a few paragraphs, a list, a code block and links to its neighbours.
 */
function generatedPage(response: ServerResponse, size: number, n: number): void {
  const nav = Array.from({ length: size }, (_, i) => `<a href="page-${i + 1}.html">Page ${i + 1}</a>`).join(
    '\n',
  );
  const paragraphs = Array.from(
    { length: 6 },
    (_, i) =>
      `<p>Paragraph ${i} of page ${n}: some <strong>text</strong> with <a href="page-${((n + i) % size) + 1}.html">a link</a> and enough words to look like documentation content.</p>`,
  ).join('\n');
  const html = `<!doctype html><html><head><title>Page ${n}</title></head><body>
<nav>${nav}</nav><main><h1>Page ${n}</h1>${paragraphs}
<ul><li>one</li><li>two</li></ul><pre><code class="language-ts">const page = ${n};</code></pre></main>
<footer>footer</footer></body></html>`;
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

/** Writes chunks for as long as the client reads them: a body with no end and no length. */
function endlessBody(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/html' });
  const chunk = Buffer.alloc(16 * 1024, 0x61);
  const pump = () => {
    while (!response.destroyed && response.write(chunk)) {}
  };
  response.on('drain', pump);
  pump();
}
