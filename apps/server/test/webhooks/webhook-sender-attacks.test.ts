/**
 * The webhook sender against a hostile receiver on 127.0.0.1 (allowed here, as
 * `QUIRE_FETCH_ALLOW_HOSTS` would allow it): a redirect to the metadata service or to
 * another allowed port is not followed (the body and its signature go nowhere else), an
 * endless answer is read to 64 KB, a compressed one is never inflated, and one dripped a
 * byte at a time ends with the attempt's timeout.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpWebhookSender } from '../../src/webhooks/http-webhook-sender';

/** 20 MB of zeros, gzip'd once (about 20 KB). */
const gzipBomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));

let hostile: Server;
let elsewhere: Server;
let origin = '';
let elsewhereUrl = '';
let elsewhereHits = 0;
let endlessBytesSent = 0;
const timers = new Set<NodeJS.Timeout>();

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  elsewhere = createServer((_, response) => {
    elsewhereHits++;
    response.end('ok');
  });
  elsewhereUrl = await listen(elsewhere);
  hostile = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/to-metadata')
      return response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/to-elsewhere') return response.writeHead(307, { location: `${elsewhereUrl}/` }).end();
    if (path === '/gzip') return response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipBomb);
    if (path === '/drip') {
      response.writeHead(200);
      const timer = setInterval(() => response.write('a'), 100);
      timers.add(timer);
      response.on('close', () => clearInterval(timer));
      return;
    }
    // Endless: chunks for as long as the sender reads.
    response.writeHead(200);
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pump = () => {
      while (!response.destroyed && endlessBytesSent < 100 * 1024 * 1024) {
        endlessBytesSent += chunk.byteLength;
        if (!response.write(chunk)) return;
      }
    };
    response.on('drain', pump);
    pump();
  });
  origin = await listen(hostile);
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  for (const server of [hostile, elsewhere]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The drip's attempt ends at 1 s; the others have time to spare on a loaded machine. */
const senderOf = (timeoutMs: number) => httpWebhookSender({ timeoutMs, allowHosts: ['127.0.0.1'] });
const send = (path: string, timeoutMs = 10_000) =>
  senderOf(timeoutMs).send({
    url: `${origin}${path}`,
    headers: {},
    body: '{"event":"x"}',
    secret: 's',
    timestamp: 1,
  });

describe('the webhook sender, attacked', () => {
  it.each(['/to-metadata', '/to-elsewhere'])('does not follow a redirect (%s)', async (path) => {
    const sent = await send(path);
    expect(sent).toMatchObject({ ok: false, status: 307 });
    expect(sent.error).toContain('redirect');
    expect(elsewhereHits).toBe(0);
  });

  it('reads an endless answer to 64 KB and stops', async () => {
    const sent = await send('/endless');
    expect(sent).toMatchObject({ ok: true, status: 200 });
    expect(endlessBytesSent).toBeLessThan(100 * 1024 * 1024);
  });

  it('keeps a compressed answer as sent, never inflated', async () => {
    const sent = await send('/gzip');
    expect(sent).toMatchObject({ ok: true, status: 200 });
    expect(sent.excerpt).not.toMatch(/^\0+$/);
  });

  it('ends an answer dripped a byte at a time with the attempt', async () => {
    const sent = await send('/drip', 1000);
    expect(sent.status).toBe(200);
    expect((sent.excerpt ?? '').length).toBeLessThan(1000);
  });
});
