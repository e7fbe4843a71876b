/**
 * Response headers: API answers are never cached, the usual security headers are set, and
 * CORS follows one allowlist (QUIRE_CORS_ORIGINS) on every face alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let token: string;
const ALLOWED = 'https://docs.example.com';
beforeAll(async () => {
  server = await startTestServer({ QUIRE_CORS_ORIGINS: `${ALLOWED}, https://other.example.com` });
  token = (await createOrganization(server)).admin.token;
});
afterAll(() => server.close());

const FACES = [
  ['REST', '/v1/orgs', 'GET'],
  ['tRPC', '/trpc/orgs.list', 'GET'],
  ['GraphQL', '/graphql', 'POST'],
] as const;

describe('caching', () => {
  it.each(FACES)(
    '%s answers carry Cache-Control: no-store, refusals included',
    async (_face, path, method) => {
      const body = method === 'POST' ? { query: '{ orgsList { totalCount } }' } : undefined;
      const ok = await server.api(path, { method, token, body });
      expect(ok.headers.get('cache-control')).toBe('no-store');
      const refused = await server.api(path, { method, body });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('cache-control')).toBe('no-store');
    },
  );
});

describe('security headers', () => {
  it('are the API set on API answers: not stored, not sniffed, not framed', async () => {
    const response = await server.api('/v1/orgs', { token });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("are helmet's full set on pages", async () => {
    const response = await server.api('/docs/', { headers: { accept: 'text/html' } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('origin-agent-cluster')).toBe('?1');
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });
});

describe('CORS', () => {
  it.each(FACES)('%s answers a preflight from an allowed origin', async (_face, path, method) => {
    const response = await server.api(path, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it.each(FACES)('%s refuses a preflight from another origin the same way', async (_face, path, method) => {
    const response = await server.api(path, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': method },
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each(FACES)('%s names only an allowed origin on actual requests', async (_face, path, method) => {
    const body = method === 'POST' ? { query: '{ orgsList { totalCount } }' } : undefined;
    const allowed = await server.api(path, { method, token, body, headers: { origin: ALLOWED } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('access-control-expose-headers')).toContain('x-ratelimit-remaining');
    const other = await server.api(path, {
      method,
      token,
      body,
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
