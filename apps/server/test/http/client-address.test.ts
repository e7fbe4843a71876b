/**
 * `clientAddressOf` answers what Fastify's `request.ip` answers for the same request and the
 * same `trustProxy`: both asked, over real HTTP, for each trust setting and forwarded chain.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../src/http/client-address';

const CHAINS: (string | undefined)[] = [
  undefined,
  '',
  '203.0.113.7',
  '198.51.100.2, 203.0.113.7',
  '198.51.100.2, 10.0.0.5, 127.0.0.1',
  ' 8.8.8.8 ,  10.1.2.3 ',
  '2001:db8::1, 10.0.0.5',
  'not-an-address, 10.0.0.5',
];

const TRUSTS: (boolean | string[])[] = [
  false,
  true,
  ['127.0.0.1'],
  ['127.0.0.1/8', '10.0.0.0/8'],
  ['loopback', 'uniquelocal'],
  ['10.0.0.0/8'],
];

async function bothAnswers(trustProxy: boolean | string[], forwarded: string | undefined) {
  const ours = clientAddressOf(trustProxy);
  const app = Fastify({ trustProxy });
  app.get('/', async (request) => ({ fastify: request.ip, ours: ours(request.raw) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = app.server.address() as AddressInfo;
    return await new Promise<{ fastify: string; ours: string }>((resolve, reject) => {
      const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
      const sent = httpRequest({ host: '127.0.0.1', port, path: '/', headers }, (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve(JSON.parse(text)));
      });
      sent.on('error', reject);
      sent.end();
    });
  } finally {
    await app.close();
  }
}

describe('clientAddressOf', () => {
  it.each(TRUSTS.map((trust) => [JSON.stringify(trust), trust] as const))(
    'answers as Fastify does with trustProxy %s',
    async (_name, trust) => {
      for (const chain of CHAINS) {
        const { fastify, ours } = await bothAnswers(trust, chain);
        expect(ours, `X-Forwarded-For: ${chain}`).toBe(fastify);
      }
    },
  );
});
