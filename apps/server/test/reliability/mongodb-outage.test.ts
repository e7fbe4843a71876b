/**
 * The server when MongoDB cannot be reached: the driver's own errors (a client on an
 * address nothing listens on, so server selection fails as in an outage) stand in for the
 * `spaces` collection while the rest of the store stays up. Every face answers 503 with
 * `Retry-After` (GraphQL in the error's extensions) and a message naming no host, `/readyz` answers 503, nothing refused is
 * written, and the same requests succeed once the collection is back.
 */
import { MongoClient, type Store } from '@quire/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { openMemoryStore } from '../support/memory-store';
import { startTestServer, type TestServer } from '../support/test-server';
import { facesOf, spaceTitles } from './store-fault-server';

const MESSAGE = 'storage unavailable: the database cannot be reached or has no primary';
const UNREACHABLE = 'mongodb://127.0.0.1:1/quire?serverSelectionTimeoutMS=150&connectTimeoutMS=150';

/** The memory store, with `spaces` (and the ping) served by an unreachable MongoDB while `down` is set. */
async function storeWithOutage(): Promise<{
  store: Store;
  outage: { down: boolean };
  close(): Promise<void>;
}> {
  const memory = await openMemoryStore();
  const client = new MongoClient(UNREACHABLE);
  const unreachable = client.db('quire');
  const outage = { down: false };
  const collection = (name: string) => {
    const up = memory.db.collection(name);
    if (name !== 'spaces') return up;
    const down = unreachable.collection(name);
    return new Proxy(up, {
      get: (_target, key) => {
        const source = (outage.down ? down : up) as unknown as Record<PropertyKey, unknown>;
        const value = source[key];
        return typeof value === 'function' ? value.bind(source) : value;
      },
    });
  };
  const db = new Proxy(memory.db, {
    get: (target, key) => (key === 'collection' ? collection : Reflect.get(target, key, target)),
  });
  const store: Store = {
    engine: 'embedded',
    db,
    ping: async () => {
      if (outage.down) await unreachable.admin().command({ ping: 1 });
    },
    close: () => memory.close(),
  };
  return { store, outage, close: () => client.close() };
}

let server: TestServer;
let outage: { down: boolean };
let closeClient: () => Promise<void>;

beforeAll(async () => {
  const made = await storeWithOutage();
  outage = made.outage;
  closeClient = made.close;
  server = await startTestServer({}, { store: { store: made.store, dataDir: '/nonexistent-quire-test' } });
});
afterAll(async () => {
  await server?.close();
  await closeClient?.();
});

describe('the server when MongoDB cannot be reached', () => {
  it('answers 503 with Retry-After on every face, names no host, writes nothing, and recovers', async () => {
    const { organization, admin } = await createOrganization(server);
    const faces = facesOf(server, admin.token);
    const before = await faces.rest(organization.id, 'before');
    expect(before.status).toBe(201);

    outage.down = true;
    const rest = await faces.rest(organization.id, 'refused via rest');
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('5');
    expect(rest.body.error).toMatchObject({ code: 503, message: MESSAGE });
    const graphql = await faces.graphql(organization.id, 'refused via graphql');
    expect(graphql.body.errors).toEqual([
      expect.objectContaining({
        message: MESSAGE,
        extensions: { code: 'unavailable', httpStatus: 503, retryAfterSeconds: 5 },
      }),
    ]);
    const trpc = await faces.trpc(organization.id, 'refused via trpc');
    expect(trpc.status).toBe(503);
    expect(trpc.headers.get('retry-after')).toBe('5');
    expect(trpc.body.error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    const list = await server.api(`/v1/orgs/${organization.id}/spaces`, { token: admin.token });
    expect(list.status).toBe(503);
    for (const answer of [rest, graphql, trpc, list])
      expect(JSON.stringify(answer.body)).not.toContain('127.0.0.1');
    const unready = await server.api('/readyz');
    expect(unready.status).toBe(503);

    outage.down = false;
    expect((await server.api('/readyz')).status).toBe(200);
    expect((await faces.trpc(organization.id, 'after')).status).toBe(200);
    expect(await spaceTitles(server, organization.id, admin.token)).toEqual(['after', 'before']);
  });
});
