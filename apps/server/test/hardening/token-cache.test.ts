/**
 * The token cache: a cached caller costs no store read, a revocation through the server
 * drops the token at once on every face, and a read that raced a revocation never puts the
 * revoked caller back in the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenCache } from '../../src/http/token-cache';
import { createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Counts the token lookups the store answers while `work` runs. */
async function lookupsDuring(work: () => Promise<unknown>): Promise<number> {
  const tokens = server.services.repos.apiTokens;
  const findByHash = tokens.findByHash;
  let lookups = 0;
  tokens.findByHash = (hash) => {
    lookups++;
    return findByHash(hash);
  };
  try {
    await work();
  } finally {
    tokens.findByHash = findByHash;
  }
  return lookups;
}

describe('the token cache', () => {
  it('answers repeated calls without reading the token again, until it ages out', async () => {
    const { token } = await createUser(server);
    expect(await lookupsDuring(() => server.api('/v1/user', { token }))).toBe(1);
    expect(await lookupsDuring(() => server.api('/v1/user', { token }))).toBe(0);
    server.clock.advance(6_000);
    expect(await lookupsDuring(() => server.api('/v1/user', { token }))).toBe(1);
  });

  it('drops a token revoked through the API at once, on every face', async () => {
    const { token } = await createUser(server);
    expect((await server.api('/v1/user', { token })).status).toBe(200);
    const own = await server.api('/v1/user/tokens', { token });
    const revoked = await server.api(`/v1/user/tokens/${own.body.items[0].id}`, { method: 'DELETE', token });
    expect(revoked.status).toBe(204);
    expect((await server.api('/v1/user', { token })).status).toBe(401);
    expect((await server.api('/trpc/user.get', { token })).status).toBe(401);
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token,
      body: { query: '{ userGet { id } }' },
    });
    expect(graphql.status).toBe(401);
  });

  it('never caches a caller read while the token was being revoked', async () => {
    const { token } = await createUser(server);
    const cache = new TokenCache(server.services);
    const tokens = cache.evictingOnRevoke(server.services.repos.apiTokens);
    const record = await tokens.findByHash(server.services.secrets.sha256(token));
    // The read finds the token live; the revocation lands before the read returns.
    const { findByHash } = server.services.repos.apiTokens;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.services.repos.apiTokens.findByHash = async (hash) => {
      const found = await findByHash(hash);
      await held;
      return found;
    };
    try {
      const reading = cache.authenticate(token);
      await tokens.revoke(record!.id, server.clock.now().toISOString());
      release();
      expect(await reading).not.toBeNull();
    } finally {
      server.services.repos.apiTokens.findByHash = findByHash;
    }
    expect(await cache.authenticate(token)).toBeNull();
  });

  it('answers a cached caller without waiting, and nothing for a token it does not hold or holds aged', async () => {
    const { token } = await createUser(server);
    const cache = new TokenCache(server.services);
    expect(cache.cached(token)).toBeUndefined();
    const caller = await cache.authenticate(token);
    expect(caller).not.toBeNull();
    expect(cache.cached(token)).toEqual(caller);
    expect(cache.cached(`${token}x`)).toBeUndefined();
    server.clock.advance(6_000);
    expect(cache.cached(token)).toBeUndefined();
  });

  it('answers nothing from the cache for a token revoked through it', async () => {
    const { token } = await createUser(server);
    const cache = new TokenCache(server.services);
    const tokens = cache.evictingOnRevoke(server.services.repos.apiTokens);
    const caller = await cache.authenticate(token);
    await tokens.revoke(caller!.tokenId, server.clock.now().toISOString());
    expect(cache.cached(token)).toBeUndefined();
    expect(await cache.authenticate(token)).toBeNull();
  });
});
