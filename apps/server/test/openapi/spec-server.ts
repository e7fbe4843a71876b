/**
 * A local HTTP server for the OpenAPI tests, on 127.0.0.1: `/fixtures/...` serves the files
 * of ./fixtures, other routes are set by the test (`route`), paths never routed answer 404,
 * and a file whose name starts with `never` never answers (a server slower than any
 * timeout). Files under a `held/` folder are held until no request has come for 50 ms, then
 * answered together: `mostHeldAtOnce` is the most requests a client had sent at once.
 * Every request path is
 * recorded, so a test can tell that a file was never fetched.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

const FIXTURES = join(import.meta.dirname, 'fixtures');

export interface SpecServer {
  origin: string;
  port: number;
  requested: string[];
  readonly mostHeldAtOnce: number;
  route(path: string, body: string): void;
  close(): Promise<void>;
}

export async function startSpecServer(): Promise<SpecServer> {
  const routes = new Map<string, string>();
  const requested: string[] = [];
  const held: (() => void)[] = [];
  let quiet: NodeJS.Timeout | undefined;
  let mostHeldAtOnce = 0;
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    requested.push(path);
    if (path.slice(path.lastIndexOf('/') + 1).startsWith('never')) return; // until the server closes
    if (path.includes('/held/')) {
      // Held until no other request has come for 50 ms: then all of them were sent at once.
      held.push(() => response.writeHead(200).end('get:\n  responses:\n    "200": {description: ok}\n'));
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        mostHeldAtOnce = Math.max(mostHeldAtOnce, held.length);
        for (const answer of held.splice(0)) answer();
      }, 50);
      return;
    }
    const routed = routes.get(path);
    if (routed !== undefined) return response.writeHead(200, { 'content-type': 'text/plain' }).end(routed);
    if (path.startsWith('/fixtures/')) {
      const file = normalize(join(FIXTURES, path.slice('/fixtures/'.length)));
      if (file.startsWith(FIXTURES)) {
        const content = await readFile(file).catch(() => undefined);
        if (content) return response.writeHead(200, { 'content-type': 'text/plain' }).end(content);
      }
    }
    response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requested,
    get mostHeldAtOnce() {
      return mostHeldAtOnce;
    },
    route: (path, body) => routes.set(path, body),
    close: async () => {
      clearTimeout(quiet);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
