/**
 * The request path's shortcuts keep what they stand for: a request's operation context reads
 * the live services through (a service replaced later is the one operations use) and holds
 * its own caller; GraphQL's context with the gathering repositories keeps the caller and the
 * other services; the gathering repositories are built once per request and read every other
 * repository through; tRPC's direct procedures are exactly the operations, by path and kind,
 * and a call of the other kind still gets tRPC's refusal.
 */
import { flattenOperations, operations, type Repositories } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedRepositories } from '../../src/faces/graphql/batched-repositories';
import { directProceduresOf } from '../../src/faces/trpc/operations-router';
import { RateLimits } from '../../src/http/rate-limits';
import { TokenCache } from '../../src/http/token-cache';
import { type RequestFacts, RequestGate, withRepositories } from '../../src/request-context';
import { createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const facts = (authorization?: string): RequestFacts => ({
  authorization,
  cookie: 'gitbook-visitor-token=visitor-jwt',
  method: 'GET',
  csrfToken: undefined,
  address: '192.0.2.1',
  onRateState: () => {},
});

function gate() {
  const { services } = server;
  const limits = new RateLimits({ engine: 'embedded' } as never, {
    operationsPerWindow: 1000,
    authFailuresPerWindow: 1000,
    windowSeconds: 60,
  });
  return new RequestGate(services, limits, new TokenCache(services));
}

describe("a request's operation context", () => {
  it('holds its caller and visitor token, and reads the live services through', async () => {
    const { token, user } = await createUser(server);
    const access = await gate().open(facts(`Bearer ${token}`));
    expect(access.ctx.caller?.userId).toBe(user.id);
    expect(access.ctx.visitorToken).toBe('visitor-jwt');
    expect(access.ctx.repos).toBe(server.services.repos);
    const { urls } = server.services;
    const replaced = { ...urls, api: 'https://replaced.example' };
    server.services.urls = replaced;
    try {
      expect(access.ctx.urls).toBe(replaced);
    } finally {
      server.services.urls = urls;
    }
    const anonymous = await gate().open(facts());
    expect(anonymous.ctx.caller).toBeNull();
    expect(access.ctx.caller?.userId).toBe(user.id);
  });

  it('keeps its caller and services with other repositories in front', async () => {
    const { token, user } = await createUser(server);
    const access = await gate().open(facts(`Bearer ${token}`));
    const repos = {} as Repositories;
    const derived = withRepositories(access.ctx, repos);
    expect(derived.repos).toBe(repos);
    expect(derived.caller?.userId).toBe(user.id);
    expect(derived.visitorToken).toBe('visitor-jwt');
    expect(derived.clock).toBe(server.services.clock);
    expect(access.ctx.repos).toBe(server.services.repos);
  });
});

describe("GraphQL's gathering repositories", () => {
  it('are built once per request and read every other repository through', () => {
    const { repos } = server.services;
    const first = batchedRepositories(repos);
    const second = batchedRepositories(repos);
    expect(first.organizations).toBe(first.organizations);
    expect(first.organizations).not.toBe(second.organizations);
    expect(first.organizations).not.toBe(repos.organizations);
    expect(first.users).toBe(repos.users);
    expect(first.apiTokens).toBe(repos.apiTokens);
  });

  it('answer reads as the repositories do', async () => {
    const { user } = await createUser(server);
    const gathering = batchedRepositories(server.services.repos);
    expect(await gathering.users.findById(user.id)).toEqual(
      await server.services.repos.users.findById(user.id),
    );
  });
});

describe("tRPC's direct procedures", () => {
  it('are the operations, by path and kind', () => {
    const direct = directProceduresOf(operations);
    const all = flattenOperations(operations);
    expect([...direct.keys()].sort()).toEqual(all.map(([path]) => path).sort());
    for (const [path, op] of all) expect(direct.get(path)?.type, path).toBe(op.kind);
  });

  it('leave a call of the other kind to tRPC, which refuses it', async () => {
    const { token } = await createUser(server);
    const asMutation = await server.api('/trpc/user.get', { method: 'POST', token, body: {} });
    expect(asMutation.status).toBe(404);
    expect(asMutation.body.error.message).toContain('No "mutation"-procedure on path "user.get"');
    const asQuery = await server.api('/trpc/user.get', { token });
    expect(asQuery.status).toBe(200);
  });
});
