/**
 * A site on 127.0.0.1 that serves a markdown file at every `*.md` path, the source of the
 * imports of the permission matrix and of the official-client checks (the server under
 * test must allow the host: `QUIRE_FETCH_ALLOW_HOSTS=127.0.0.1`). It counts the requests
 * of each path, so a test proves that a refused import read nothing: each call asks for a
 * path of its own (`markdownSource`).
 *
 * It starts on first use, one per test worker, and lets the worker exit (`unref`): the
 * matrix's case tables, which use it, declare no hooks of their own, and test files share
 * a worker's modules. It holds no state a test could see but the counts of its own paths.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The page every path serves: its `#` heading becomes the imported page's title. */
export const SERVED_MARKDOWN = '# Imported page\n\nText read from the **source**.\n';
export const SERVED_TITLE = 'Imported page';

export interface MarkdownSource {
  /** The file's URL: the `url` of an import with `source: 'markdown'`. */
  url: string;
  /** How many times the file was requested so far. */
  requests(): number;
}

/** The origin's base URL, once it listens. */
let origin: Promise<string> | undefined;
const requestsOf = new Map<string, number>();
let sources = 0;

function startOrigin(): Promise<string> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://origin').pathname;
    requestsOf.set(path, (requestsOf.get(path) ?? 0) + 1);
    if (!path.endsWith('.md')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end(SERVED_MARKDOWN);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

/** A markdown file at a path no other call used. */
export async function markdownSource(): Promise<MarkdownSource> {
  origin ??= startOrigin();
  const base = await origin;
  const path = `/source-${++sources}.md`;
  return { url: base + path, requests: () => requestsOf.get(path) ?? 0 };
}
