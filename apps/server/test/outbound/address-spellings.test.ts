/**
 * Every door the server fetches through (`fetchPublicUrl`: files, imports, OpenAPI, embeds,
 * providers; the webhook sender; Git's HTTP client; the OpenID provider's fetch), given the
 * loopback and private addresses in every spelling an attacker tries: each is refused, and
 * nothing connects to the receiver listening on every local address (`::`, both families)
 * at that port. No host is allowed here. (`localhost.` is not known to this machine's
 * resolver: `guarded-lookup.test.ts` gives it the answer a resolver would.)
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitHttpTransfer } from '../../src/git-sync/git-http-client';
import { guardedOidcFetch } from '../../src/oidc/guarded-oidc-fetch';
import { causesOf } from '../../src/outbound/error-causes';
import { fetchPublicUrl } from '../../src/outbound/fetch-public-url';
import { httpWebhookSender } from '../../src/webhooks/http-webhook-sender';

let receiver: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  receiver = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => receiver.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  port = (receiver.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** Hosts that reach this machine, spelled every way a URL parser or a resolver accepts. */
const LOCAL_SPELLINGS = [
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '0.0.0.0',
  '0',
  '2130706433',
  '0x7f000001',
  '0x7f.0.0.1',
  '017700000001',
  '0177.0.0.1',
  '127.0.0.1.',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::]',
  '[::127.0.0.1]',
  'localhost',
  'LOCALHOST',
  '１２７．０．０．１', // full-width digits and dots (IDN mapping)
  'ⓛocalhost', // circled letter, mapped to "l"
];
/** Private and special ranges that do not reach the receiver: refused before any connection. */
const PRIVATE_HOSTS = [
  '169.254.169.254',
  '[::ffff:169.254.169.254]',
  '[fd00:ec2::254]',
  '100.64.0.1',
  '100.100.100.200',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '192.0.0.192',
  '[fe80::1]',
  '[fc00::1]',
  '[64:ff9b::a9fe:a9fe]',
];

/** The cases: each host with the receiver's port (known only once it listens). */
const CASES = [
  ...LOCAL_SPELLINGS.map((host) => ({ host, withPort: true })),
  ...PRIVATE_HOSTS.map((host) => ({ host, withPort: false })),
];

/** Whether `error` (or one of its causes) says the address was refused. */
const isRefusal = (error: unknown) =>
  causesOf(error).some((cause) => /private, local or reserved|refused address/.test(String(cause)));

const doors: [name: string, attempt: (url: string) => Promise<unknown>][] = [
  ['fetchPublicUrl', (url) => fetchPublicUrl(url, { maxBytes: 1000, timeoutMs: 5000, allowHosts: [] })],
  [
    'the webhook sender',
    async (url) => {
      const sent = await httpWebhookSender({ timeoutMs: 5000, allowHosts: [] }).send({
        url,
        headers: {},
        body: '{}',
        secret: 's',
        timestamp: 0,
      });
      throw new Error(sent.error ?? `answered ${sent.status}`);
    },
  ],
  [
    "Git's HTTP client",
    async (url) => {
      const transfer = gitHttpTransfer({ maxBytes: 1000, timeoutMs: 5000, allowHosts: [] });
      try {
        return await transfer.http.request({ url: `${url}info/refs`, method: 'GET', headers: {} });
      } finally {
        transfer.close();
      }
    },
  ],
  ['the OpenID fetch', (url) => guardedOidcFetch([])(url, { method: 'GET', headers: {} } as never)],
];

describe.each(doors)('%s', (_, attempt) => {
  it.each(CASES)('refuses $host without connecting', async ({ host, withPort }) => {
    const url = `https://${host}${withPort ? `:${port}` : ''}/`;
    const before = connections;
    const failure = await attempt(url).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isRefusal(failure), String(failure)).toBe(true);
    expect(connections).toBe(before);
  });
});
