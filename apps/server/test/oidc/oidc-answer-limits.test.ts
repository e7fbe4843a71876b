/**
 * What an organization's OpenID provider may make the server hold: the fetch openid-client
 * calls it with (`guardedOidcFetch`) against a provider on 127.0.0.1 (allowed, as
 * `QUIRE_FETCH_ALLOW_HOSTS` would), answering a discovery document that is far larger than
 * any, either with no Content-Length or compressed (a small Content-Length, 20 MB once
 * decoded). Both are refused at the limit, whatever was declared. And a redirect is handed
 * back, never followed, whatever the caller asks: undici would follow it to an IP literal
 * without the lookup that checks addresses.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedOidcFetch, RefusedOidcUrl } from '../../src/oidc/guarded-oidc-fetch';

const HUGE = 20 * 1024 * 1024;
/** The document of a provider: `{"issuer":"…","pad":"aaaa…"}`, HUGE bytes. */
const hugeDocument = Buffer.concat([
  Buffer.from('{"issuer":"x","pad":"'),
  Buffer.alloc(HUGE, 'a'),
  Buffer.from('"}'),
]);
const gzippedDocument = gzipSync(hugeDocument);

let server: Server;
let origin: string;
let port = 0;
/** Bytes the provider wrote for the answer without a length. */
let unlengthedBytesSent = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/small')
      return response.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
    if (request.url === '/error')
      return response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
    if (request.url === '/to-other-loopback')
      return response.writeHead(302, { location: `http://127.0.0.2:${port}/small` }).end();
    if (request.url === '/gzip')
      return response
        .writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'content-length': String(gzippedDocument.byteLength),
        })
        .end(gzippedDocument);
    // No Content-Length: chunks until the document is sent or the client goes.
    response.writeHead(200, { 'content-type': 'application/json' });
    let at = 0;
    const pump = () => {
      while (at < hugeDocument.byteLength && !response.destroyed) {
        const chunk = hugeDocument.subarray(at, at + 64 * 1024);
        at += chunk.byteLength;
        unlengthedBytesSent += chunk.byteLength;
        if (!response.write(chunk)) return;
      }
      if (at >= hugeDocument.byteLength) response.end();
    };
    response.on('drain', pump);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.2', resolve));
  port = (other.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  other.closeAllConnections();
  await new Promise((resolve) => other.close(resolve));
});

/** On 127.0.0.2, not allowed: what a redirect would reach. */
let otherHits = 0;
const other = createServer((_, response) => {
  otherHits++;
  response.end('{}');
});

const fetchOidc = guardedOidcFetch(['127.0.0.1']);
const get = (path: string) =>
  fetchOidc(`${origin}${path}`, { method: 'GET', headers: {}, redirect: 'manual' } as never);

describe("an OpenID provider's answers", () => {
  it('reads a small document and an error answer as sent', async () => {
    const small = await get('/small');
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ a: 1 });
    const error = await get('/error');
    expect(error.status).toBe(400);
    expect(await error.json()).toEqual({ error: 'invalid_grant' });
  });

  it('refuses an answer without a Content-Length once it passes the limit, and stops reading it', async () => {
    const refused = await get('/unlengthed')
      .then((response) => response.text())
      .then(
        (text) => text.length,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(RefusedOidcUrl);
    expect((refused as Error).message).toMatch(/more than \d+ bytes/);
    expect(unlengthedBytesSent).toBeLessThan(HUGE);
  });

  it('refuses a compressed answer by its decoded size, not its Content-Length', async () => {
    expect(gzippedDocument.byteLength).toBeLessThan(1024 * 1024);
    const refused = await get('/gzip')
      .then((response) => response.text())
      .then(
        (text) => text.length,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(RefusedOidcUrl);
  });

  it('hands a redirect back without following it, even when asked to follow', async () => {
    const response = await fetchOidc(`${origin}/to-other-loopback`, {
      method: 'GET',
      headers: {},
      redirect: 'follow',
    } as never);
    expect(response.status).toBe(302);
    expect(otherHits).toBe(0);
  });
});
