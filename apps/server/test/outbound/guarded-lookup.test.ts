/**
 * The lookup every outbound connection uses, given the answers a DNS server would give
 * (`resolve`): a public-looking name that resolves to a private address, to several
 * addresses of which one is private, `localhost.` with its trailing dot. Every address of
 * an answer is checked, only those that pass are handed to the socket (so the address
 * connected to is one checked: no second lookup), and a name with none left fails before
 * connecting. Through real HTTP: undici with the guarded lookup, a receiver on 127.0.0.1.
 */
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { causesOf } from '../../src/outbound/error-causes';
import { guardedLookup, RefusedAddressError, type ResolveAll } from '../../src/outbound/guarded-lookup';

let receiver: Server;
let port = 0;
let served = 0;

beforeAll(async () => {
  receiver = createServer((_, response) => {
    served++;
    response.end('hello');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** A resolver answering from a table, as a DNS server controlled by an attacker would. */
const ANSWERS: Record<string, string[]> = {
  'docs.attacker.example': ['127.0.0.1'],
  'localhost.': ['127.0.0.1', '::1'],
  'mixed.attacker.example': ['203.0.113.9', '169.254.169.254', '::ffff:127.0.0.1'],
  'metadata.attacker.example': ['::ffff:169.254.169.254'],
  'receiver.allowed.example': ['127.0.0.1'],
};
const resolveFromTable: ResolveAll = (hostname, _, callback) => {
  const answer = ANSWERS[hostname];
  if (!answer) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
  callback(
    null,
    answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
};

const allowed = new Set(['receiver.allowed.example']);

async function get(host: string) {
  const agent = new Agent({ connect: { lookup: guardedLookup(allowed, resolveFromTable) } });
  try {
    const response = await request(`http://${host}:${port}/`, { dispatcher: agent });
    return { status: response.statusCode, body: await response.body.text() };
  } catch (error) {
    return { refused: causesOf(error).some((cause) => cause instanceof RefusedAddressError) };
  } finally {
    await agent.destroy();
  }
}

describe('the guarded lookup', () => {
  it.each(['docs.attacker.example', 'localhost.', 'mixed.attacker.example', 'metadata.attacker.example'])(
    'refuses %s (every address it resolves to is private or reserved) without connecting',
    async (host) => {
      const before = served;
      expect(await get(host)).toEqual({ refused: true });
      expect(served).toBe(before);
    },
  );

  it('connects to a name the instance allows, at the address resolved', async () => {
    expect(await get('receiver.allowed.example')).toEqual({ status: 200, body: 'hello' });
  });

  it('hands the socket only the addresses that pass, every one of them checked', async () => {
    const lookup = guardedLookup(new Set(), (_, __, callback) =>
      callback(null, [
        { address: '10.0.0.7', family: 4 },
        { address: '93.184.216.34', family: 4 },
        { address: 'fd00::1', family: 6 },
        { address: '2606:2800:220:1::1', family: 6 },
      ]),
    );
    const answered = await new Promise<LookupAddress[]>((resolve, reject) =>
      lookup('www.example.com', { all: true }, (error, addresses) =>
        error ? reject(error) : resolve(addresses as unknown as LookupAddress[]),
      ),
    );
    expect(answered.map(({ address }) => address)).toEqual(['93.184.216.34', '2606:2800:220:1::1']);
    const one = await new Promise<string>((resolve, reject) =>
      lookup('www.example.com', {}, (error, address) => (error ? reject(error) : resolve(address as string))),
    );
    expect(one).toBe('93.184.216.34');
  });
});
