/**
 * `fetchPublicUrl` against a hostile server on 127.0.0.1 (allowed here, as
 * `QUIRE_FETCH_ALLOW_HOSTS` would allow it): compressed bombs, a body dripped a byte at a
 * time, headers far past any legitimate size, and redirects to other schemes and to this
 * machine spelled another way (each hop is checked again, by the host it names).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicUrl } from '../../src/outbound/fetch-public-url';
import { OutboundFetchError } from '../../src/outbound/outbound-fetch-error';

const BOMB = Buffer.alloc(50 * 1024 * 1024); // 50 MB of zeros
const gzipBomb = gzipSync(BOMB);
const brotliBomb = brotliCompressSync(BOMB);

let server: Server;
let origin = '';
let port = 0;
let dripTimer: NodeJS.Timeout | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/gzip') return response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipBomb);
    if (path === '/br') return response.writeHead(200, { 'content-encoding': 'br' }).end(brotliBomb);
    if (path === '/drip') {
      response.writeHead(200, { 'content-type': 'text/html' });
      dripTimer = setInterval(() => response.write('a'), 100);
      response.on('close', () => clearInterval(dripTimer));
      return;
    }
    if (path === '/huge-headers')
      return response.writeHead(200, { 'x-padding': 'a'.repeat(1024 * 1024) }).end('hi');
    const to = /^\/to\?(.*)$/.exec(path);
    if (to) return response.writeHead(302, { location: decodeURIComponent(to[1] ?? '') }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  clearInterval(dripTimer);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const limits = { maxBytes: 1024 * 1024, timeoutMs: 5000, allowHosts: ['127.0.0.1'] };

async function reasonOf(url: string, overrides: Partial<typeof limits> = {}) {
  try {
    await fetchPublicUrl(url, { ...limits, ...overrides });
  } catch (error) {
    if (error instanceof OutboundFetchError) return error.reason;
    throw error;
  }
  return 'fetched';
}

describe('fetchPublicUrl, attacked', () => {
  it.each(['/gzip', '/br'])(
    'answers a compressed bomb (%s) as the bytes sent, never inflated',
    async (path) => {
      const fetched = await fetchPublicUrl(`${origin}${path}`, limits);
      expect(fetched.bytes.byteLength).toBeLessThan(limits.maxBytes);
      expect(fetched.bytes.byteLength).toBe(path === '/gzip' ? gzipBomb.byteLength : brotliBomb.byteLength);
    },
  );

  it('ends a body dripped a byte at a time at the total timeout (no idle timeout would)', async () => {
    expect(await reasonOf(`${origin}/drip`, { timeoutMs: 1000 })).toBe('timeout');
  });

  it('refuses headers of 1 MB', async () => {
    expect(await reasonOf(`${origin}/huge-headers`)).toBe('unreachable');
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/',
    'gopher://127.0.0.1:6379/_INFO',
    'data:text/html,<h1>hi</h1>',
    'javascript:alert(1)',
    'dict://127.0.0.1:11211/stats',
  ])('refuses a redirect to %s', async (location) => {
    expect(await reasonOf(`${origin}/to?${encodeURIComponent(location)}`)).toBe('bad-url');
  });

  it.each([
    'http://127.0.0.2:PORT/',
    'http://0:PORT/',
    'http://[::1]:PORT/',
    'http://[::ffff:7f00:1]:PORT/',
    'http://2130706434:PORT/', // 127.0.0.2
    'http://0x7f000002:PORT/',
    'http://localhost:PORT/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://100.100.100.200/',
  ])('refuses a redirect from the allowed host to %s', async (location) => {
    const target = location.replace('PORT', String(port));
    expect(await reasonOf(`${origin}/to?${encodeURIComponent(target)}`)).toBe('private-address');
  });

  it('refuses a redirect carrying credentials to the allowed host itself', async () => {
    const target = `http://user:secret@127.0.0.1:${port}/to`;
    expect(await reasonOf(`${origin}/to?${encodeURIComponent(target)}`)).toBe('bad-url');
  });
});
