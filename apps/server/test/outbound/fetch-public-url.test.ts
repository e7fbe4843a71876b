/**
 * The outbound fetch against a local HTTP server on 127.0.0.1: refused by default (it is a
 * loopback address), fetched when the host is allowed, and every failure with its reason.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicUrl, type OutboundFetchLimits } from '../../src/outbound/fetch-public-url';
import { OutboundFetchError, type OutboundFetchFailure } from '../../src/outbound/outbound-fetch-error';

let server: Server;
let origin: string;
let port: number;

/** Writes chunks for as long as the client reads them: a body with no end and no length. */
function endlessBody(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/octet-stream' });
  const chunk = Buffer.alloc(16 * 1024, 1);
  const pump = () => {
    while (!response.destroyed && response.write(chunk)) {}
  };
  response.on('drain', pump);
  pump();
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/hello') return response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    if (url === '/declared-large')
      return response.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000));
    if (url === '/endless') return endlessBody(response);
    if (url === '/exactly-limit') return response.writeHead(200).end(Buffer.alloc(1000, 2));
    if (url === '/never') return; // never answers
    if (url === '/missing') return response.writeHead(404).end('no');
    if (url === '/redirect-hello') return response.writeHead(302, { location: '/hello' }).end();
    if (url === '/redirect-twice') return response.writeHead(301, { location: '/redirect-hello' }).end();
    if (url === '/redirect-loop') return response.writeHead(307, { location: '/redirect-loop' }).end();
    if (url === '/redirect-localhost')
      return response.writeHead(302, { location: `http://localhost:${port}/hello` }).end();
    if (url === '/redirect-other-loopback')
      return response.writeHead(302, { location: `http://127.0.0.2:${port}/hello` }).end();
    if (url === '/redirect-metadata')
      return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url === '/redirect-file') return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const limits = (overrides: Partial<OutboundFetchLimits> = {}): OutboundFetchLimits => ({
  maxBytes: 1000,
  timeoutMs: 5000,
  allowHosts: ['127.0.0.1'],
  ...overrides,
});

async function failureOf(
  url: string,
  options: Partial<OutboundFetchLimits> = {},
): Promise<OutboundFetchError> {
  try {
    await fetchPublicUrl(url, limits(options));
  } catch (error) {
    if (error instanceof OutboundFetchError) return error;
    throw error;
  }
  throw new Error(`expected ${url} to fail`);
}

async function expectFailure(
  url: string,
  reason: OutboundFetchFailure,
  options: Partial<OutboundFetchLimits> = {},
) {
  const failure = await failureOf(url, options);
  expect(failure.reason).toBe(reason);
  // Safe to show: nothing about the address, the port or the network error underneath.
  expect(failure.message).not.toMatch(/127\.0\.0|localhost|169\.254|ECONN|secret|\n\s+at /);
  expect(failure.cause).toBeUndefined();
  return failure;
}

describe('fetchPublicUrl', () => {
  it('fetches from an allowed host: bytes, declared type and final URL', async () => {
    const fetched = await fetchPublicUrl(`${origin}/hello`, limits());
    expect(Buffer.from(fetched.bytes).toString()).toBe('hello');
    expect(fetched.contentType).toBe('text/plain');
    expect(fetched.finalUrl).toBe(`${origin}/hello`);
  });

  it('follows redirects on allowed hosts and reports where it ended', async () => {
    const fetched = await fetchPublicUrl(`${origin}/redirect-twice`, limits());
    expect(Buffer.from(fetched.bytes).toString()).toBe('hello');
    expect(fetched.finalUrl).toBe(`${origin}/hello`);
  });

  it('accepts a body of exactly maxBytes', async () => {
    const fetched = await fetchPublicUrl(`${origin}/exactly-limit`, limits());
    expect(fetched.bytes.byteLength).toBe(1000);
  });

  describe('private addresses', () => {
    it('refuses the loopback server by default', async () => {
      await expectFailure(`${origin}/hello`, 'private-address', { allowHosts: [] });
    });
    it('refuses a name that resolves to loopback (checked on the resolved address)', async () => {
      await expectFailure(`http://localhost:${port}/hello`, 'private-address', { allowHosts: [] });
    });
    it('fetches through a name when that name is allowed', async () => {
      const fetched = await fetchPublicUrl(
        `http://localhost:${port}/hello`,
        limits({ allowHosts: ['LocalHost'] }),
      );
      expect(Buffer.from(fetched.bytes).toString()).toBe('hello');
    });
    it.each([
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      'http://2130706433/', // 127.0.0.1 in decimal, as URL parsing normalizes it
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://10.0.0.1/',
      'https://192.168.1.1/',
      'http://100.100.100.200/',
    ])('refuses the literal %s before connecting', async (url) => {
      await expectFailure(url, 'private-address', { allowHosts: [] });
    });
    it('refuses a redirect from an allowed host to a name resolving to loopback', async () => {
      await expectFailure(`${origin}/redirect-localhost`, 'private-address');
    });
    it('refuses a redirect from an allowed host to another loopback address', async () => {
      await expectFailure(`${origin}/redirect-other-loopback`, 'private-address');
    });
    it('refuses a redirect to the metadata service', async () => {
      await expectFailure(`${origin}/redirect-metadata`, 'private-address');
    });
  });

  describe('sizes', () => {
    it('refuses at once a Content-Length over the limit', async () => {
      await expectFailure(`${origin}/declared-large`, 'too-large');
    });
    it('aborts a body without a length once it passes the limit', async () => {
      await expectFailure(`${origin}/endless`, 'too-large');
    });
  });

  describe('time', () => {
    it('gives up on a server that never answers', async () => {
      await expectFailure(`${origin}/never`, 'timeout', { timeoutMs: 50 });
    });
    it('the timeout covers a body that never ends', async () => {
      await expectFailure(`${origin}/endless`, 'timeout', {
        timeoutMs: 50,
        maxBytes: Number.MAX_SAFE_INTEGER,
      });
    });
  });

  describe('other failures', () => {
    it('an unreachable port', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      await expectFailure(`http://127.0.0.1:${closedPort}/`, 'unreachable');
    });
    it('an unknown name', async () => {
      await expectFailure('http://quire-test.invalid/', 'unreachable');
    });
    it('an error status', async () => {
      await expectFailure(`${origin}/missing`, 'bad-status');
    });
    it('more than 5 redirects', async () => {
      await expectFailure(`${origin}/redirect-loop`, 'bad-status');
    });
    it('a redirect to another scheme', async () => {
      await expectFailure(`${origin}/redirect-file`, 'bad-url');
    });
    it.each([
      'ftp://127.0.0.1/file',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/plain,hello',
      'not a url',
      '',
      '/relative/path',
    ])('refuses %j: only absolute http and https URLs', async (url) => {
      await expectFailure(url, 'bad-url');
    });
    it('refuses URLs with credentials without sending them', async () => {
      await expectFailure(`http://user:secret@127.0.0.1:${port}/hello`, 'bad-url');
    });
  });
});
