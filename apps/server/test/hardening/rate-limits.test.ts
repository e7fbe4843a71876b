/**
 * Rate limits with GitBook's headers: one budget per token across REST, GraphQL and tRPC (an
 * operation costs one point on every face), and a budget of failed authentications per
 * address that, once spent, refuses the address whatever token it sends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { type ApiResponse, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const start = async (env: Record<string, string>) => {
  server = await startTestServer(env);
  return server;
};

const remaining = (response: ApiResponse) => Number(response.headers.get('x-ratelimit-remaining'));

describe('per-token budget', () => {
  it('is shared by the three faces, each operation costing one point', async () => {
    const s = await start({ QUIRE_RATE_LIMIT: '8', QUIRE_RATE_LIMIT_WINDOW_SECONDS: '600' });
    const { organization, admin } = await createOrganization(s);
    const rest = await s.api(`/v1/orgs/${organization.id}`, { token: admin.token });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('x-ratelimit-limit')).toBe('8');
    expect(remaining(rest)).toBe(7);
    const resetAt = Number(rest.headers.get('x-ratelimit-reset'));
    expect(resetAt).toBeGreaterThan(Date.now() / 1000);
    expect(resetAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);

    // A batch of two tRPC calls costs two points.
    const input = encodeURIComponent(JSON.stringify({ 0: { organizationId: organization.id }, 1: {} }));
    const batch = await s.api(`/trpc/orgs.get,orgs.list?batch=1&input=${input}`, { token: admin.token });
    expect(batch.status).toBe(200);
    expect(remaining(batch)).toBe(5);

    // A GraphQL document with two operation fields costs two points.
    const graphql = await s.api('/graphql', {
      method: 'POST',
      token: admin.token,
      body: {
        query: `{ a: orgsGet(organizationId: "${organization.id}") { title } b: orgsList { totalCount } }`,
      },
    });
    expect(graphql.body.errors).toBeUndefined();
    expect(remaining(graphql)).toBe(3);

    for (const expected of [2, 1, 0]) {
      expect(remaining(await s.api('/v1/orgs', { token: admin.token }))).toBe(expected);
    }
    const refused = await s.api('/v1/orgs', { token: admin.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 429, message: expect.stringContaining('Rate limit exceeded'), type: 'rate_limited' },
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(remaining(refused)).toBe(0);

    // Refused the same way on the other faces.
    const trpc = await s.api('/trpc/orgs.list', { token: admin.token });
    expect(trpc.status).toBe(429);
    expect(trpc.body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    expect(trpc.headers.get('retry-after')).not.toBeNull();
    const gql = await s.api('/graphql', {
      method: 'POST',
      token: admin.token,
      body: { query: '{ orgsList { totalCount } }' },
    });
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'rate_limited', httpStatus: 429 });
    expect(gql.headers.get('retry-after')).not.toBeNull();
  });

  it('is per token: another token of another user is not affected', async () => {
    const s = await start({ QUIRE_RATE_LIMIT: '2' });
    const first = await createOrganization(s);
    const second = await createOrganization(s);
    await s.api('/v1/orgs', { token: first.admin.token });
    await s.api('/v1/orgs', { token: first.admin.token });
    expect((await s.api('/v1/orgs', { token: first.admin.token })).status).toBe(429);
    expect((await s.api('/v1/orgs', { token: second.admin.token })).status).toBe(200);
  });

  it('can be turned off (QUIRE_RATE_LIMIT=0): no headers, no refusals', async () => {
    const s = await start({ QUIRE_RATE_LIMIT: '0' });
    const { admin } = await createOrganization(s);
    for (let i = 0; i < 5; i++) {
      const response = await s.api('/v1/orgs', { token: admin.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  it('is on by default', async () => {
    const s = await start({ QUIRE_RATE_LIMIT: '', QUIRE_AUTH_FAILURE_LIMIT: '' });
    const { admin } = await createOrganization(s);
    const response = await s.api('/v1/orgs', { token: admin.token });
    expect(Number(response.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
  });
});

describe('per-address budget of failed authentications', () => {
  it('refuses the address once spent, on every face, even with a valid token', async () => {
    const s = await start({ QUIRE_AUTH_FAILURE_LIMIT: '3', QUIRE_RATE_LIMIT_WINDOW_SECONDS: '600' });
    const { admin } = await createOrganization(s);
    for (const token of ['quire_wrongwrongwrongwrongwrong', null, 'quire_stillwrongstillwrongstill']) {
      expect((await s.api('/v1/orgs', { token })).status).toBe(401);
    }
    const rest = await s.api('/v1/orgs', { token: 'quire_wrongwrongwrongwrongwrong' });
    expect(rest.status).toBe(429);
    expect(rest.body.error).toMatchObject({ code: 429, type: 'rate_limited' });
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right token from the same address is refused too: guessing gets no answer.
    expect((await s.api('/v1/orgs', { token: admin.token })).status).toBe(429);
    const trpc = await s.api('/trpc/orgs.list', { token: admin.token });
    expect(trpc.status).toBe(429);
    expect(trpc.body.error.data.code).toBe('TOO_MANY_REQUESTS');
    const gql = await s.api('/graphql', {
      method: 'POST',
      token: admin.token,
      body: { query: '{ __typename }' },
    });
    expect(gql.status).toBe(429);
    expect(gql.body.errors[0].extensions).toEqual({ code: 'rate_limited', httpStatus: 429 });
  });

  it('is not charged by successful calls', async () => {
    const s = await start({ QUIRE_AUTH_FAILURE_LIMIT: '2' });
    const { admin } = await createOrganization(s);
    for (let i = 0; i < 5; i++) expect((await s.api('/v1/orgs', { token: admin.token })).status).toBe(200);
    expect((await s.api('/v1/orgs', { token: null })).status).toBe(401);
    expect((await s.api('/v1/orgs', { token: admin.token })).status).toBe(200);
  });
});
