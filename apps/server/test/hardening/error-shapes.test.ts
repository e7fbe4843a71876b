/**
 * Every refusal in GitBook's error shape (GraphQL: its own format with `extensions.code`),
 * on every face, for bad input that never reaches an operation too; and no face ever shows
 * a stack trace or an internal message, for a 4xx or a 500.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let token: string;
let organizationId: string;
beforeAll(async () => {
  server = await startTestServer();
  const org = await createOrganization(server);
  token = org.admin.token;
  organizationId = org.organization.id;
});
afterAll(() => server.close());

const trpc = (path: string, input: unknown, method: 'GET' | 'POST' = 'GET') =>
  method === 'GET'
    ? server.api(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token })
    : server.api(`/trpc/${path}`, { method, body: input, token });
const graphql = (query: string, variables?: Record<string, unknown>) =>
  server.api('/graphql', { method: 'POST', body: { query, variables }, token });

/** Sends a raw request (for what fetch would refuse to send). */
function rawRequest(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, headers: { authorization: `Bearer ${token}`, ...headers } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const expectGitbookError = (body: unknown, status: number) => {
  expect(body).toEqual({ error: expect.objectContaining({ code: status, message: expect.any(String) }) });
};

describe('REST refusals before any operation', () => {
  it('a malformed percent-encoding is a 400 in GitBook shape', async () => {
    const response = await rawRequest('/v1/orgs/%FF');
    expect(response.status).toBe(400);
    expectGitbookError(JSON.parse(response.body), 400);
  });

  it('an id over its 128 characters reaches validation: a 400 naming the field', async () => {
    const response = await server.api(`/v1/orgs/${'a'.repeat(129)}`, { token });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('organizationId');
  });

  it('an over-long path segment is a 414 that does not echo the path', async () => {
    const response = await rawRequest(`/v1/orgs/${'a'.repeat(5000)}`);
    expect(response.status).toBe(414);
    expectGitbookError(JSON.parse(response.body), 414);
    expect(response.body.length).toBeLessThan(300);
  });

  it('headers too large are a 431 in GitBook shape', async () => {
    const response = await rawRequest('/v1/orgs', { 'x-big': 'a'.repeat(20_000) });
    expect(response.status).toBe(431);
    expectGitbookError(JSON.parse(response.body), 431);
  });

  it('a body that is not JSON is a 415 naming the media type to send', async () => {
    const response = await server.api(`/v1/orgs/${organizationId}/spaces`, {
      method: 'POST',
      token,
      rawBody: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expectGitbookError(response.body, 415);
    expect(response.body.error.message).toContain('application/json');
  });

  it('an unknown route is a 404 in GitBook shape', async () => {
    const response = await server.api('/v1/nowhere', { token });
    expect(response.status).toBe(404);
    expectGitbookError(response.body, 404);
  });
});

describe('GraphQL refusals carry extensions.code, never a 500', () => {
  it.each([
    ['POST', () => graphql('subscription { x }')],
    ['GET', () => server.api(`/graphql?query=${encodeURIComponent('subscription { x }')}`, { token })],
  ])('a subscription over %s is a validation error', async (_method, send) => {
    const response = await send();
    expect(response.status).toBe(200);
    expect(response.body.errors[0].extensions).toEqual({ code: 'validation', httpStatus: 400 });
  });

  it.each([
    ['POST', () => graphql('{ x')],
    ['GET', () => server.api(`/graphql?query=${encodeURIComponent('{ x')}`, { token })],
  ])('a document that does not parse (%s) is a validation error', async (_method, send) => {
    const response = await send();
    expect(response.body.errors[0].extensions).toEqual({ code: 'validation', httpStatus: 400 });
  });

  it('a document that does not validate (an unknown field) says 400', async () => {
    const response = await graphql('{ noSuchField }');
    expect(response.body.errors[0].extensions).toMatchObject({ httpStatus: 400 });
    expect(response.body.errors[0].extensions.code).toEqual(expect.any(String));
  });

  it('a mutation sent with GET is refused (405)', async () => {
    const response = await server.api(`/graphql?query=${encodeURIComponent('mutation { __typename }')}`, {
      token,
    });
    expect(response.status).toBe(405);
    expect(response.body.errors[0].extensions.code).toBe('validation');
  });

  it('nodes(ids:) takes at most 100 ids, refused before any node is loaded', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => Buffer.from(`Organization:x${i}`).toString('base64'));
    const response = await graphql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'validation', httpStatus: 400 });
    expect(response.body.errors[0].message).toContain('ids');
    const hundred = await graphql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
      ids: ids.slice(0, 100),
    });
    expect(hundred.body.errors).toBeUndefined();
    expect(hundred.body.data.nodes).toHaveLength(100);
  });
});

describe('prototype keys and repeated path parameters', () => {
  it('refuses __proto__ in a REST body (escaped or not) and changes nothing', async () => {
    const created = await server.api(`/v1/orgs/${organizationId}/spaces`, {
      method: 'POST',
      token,
      body: { title: 'Kept' },
    });
    for (const rawBody of [
      '{"__proto__":{"title":"x"}}',
      '{"\\u005f_proto__":{"title":"x"}}',
      '{"constructor":{"prototype":{"title":"x"}}}',
    ]) {
      const response = await server.api(`/v1/spaces/${created.body.id}`, { method: 'PATCH', token, rawBody });
      expect(response.status, rawBody).toBe(400);
      expect(response.body.error.message).toContain('__proto__');
    }
    expect((await server.api(`/v1/spaces/${created.body.id}`, { token })).body.title).toBe('Kept');
  });

  it('refuses __proto__ in a query string, naming it', async () => {
    const response = await server.api(`/v1/orgs/${organizationId}/spaces?__proto__=x`, { token });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('__proto__');
  });

  it('refuses __proto__ in a tRPC body', async () => {
    const response = await server.api('/trpc/orgs.get', {
      method: 'POST',
      token,
      rawBody: `{"organizationId":"${organizationId}","__proto__":{"x":1}}`,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.data.httpStatus).toBe(400);
  });

  it('a path parameter repeated in the body with another value is a 400 naming it', async () => {
    const created = await server.api(`/v1/orgs/${organizationId}/spaces`, {
      method: 'POST',
      token,
      body: { title: 'Here' },
    });
    const other = await server.api(`/v1/spaces/${created.body.id}`, {
      method: 'PATCH',
      token,
      body: { spaceId: 'another', title: 'Moved?' },
    });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toContain('spaceId');
    const same = await server.api(`/v1/spaces/${created.body.id}`, {
      method: 'PATCH',
      token,
      body: { spaceId: created.body.id, title: 'Same' },
    });
    expect(same.status).toBe(200);
    expect(same.body.title).toBe('Same');
  });
});

describe('no stack and no internal message, on any face', () => {
  const LEAKS = [/\bat .+:\d+:\d+/, /node_modules/, /\/work\//, /stack/i, /secret-detail/];

  const expectNoLeak = (body: unknown) => {
    const text = JSON.stringify(body);
    for (const pattern of LEAKS) expect(text).not.toMatch(pattern);
  };

  it('4xx answers on REST, tRPC (queries and mutations) and GraphQL', async () => {
    const answers = await Promise.all([
      server.api('/v1/orgs/missing', { token }),
      trpc('orgs.get', {}),
      trpc('orgs.get', { organizationId: 'missing' }),
      trpc('orgs.update', { organizationId: 'missing', title: 'x' }, 'POST'),
      trpc('no.such.procedure', {}),
      server.api('/trpc/orgs.get?input=%7B', { token }),
      graphql('{ orgsGet(organizationId: "missing") { title } }'),
      graphql('{ orgsGet { title } }'),
    ]);
    for (const answer of answers) {
      // GraphQL answers 200 with `errors`, as GraphQL over HTTP does for JSON.
      if (answer.status === 200) expect(answer.body.errors).toBeDefined();
      else expect(answer.status).toBeGreaterThanOrEqual(400);
      expectNoLeak(answer.body);
    }
  });

  it('an unexpected failure is a 500 with a generic message on every face', async () => {
    const repos = server.services.repos.organizations;
    const { findById, findByIds } = repos;
    const failure = async (): Promise<never> => {
      throw new Error('secret-detail at /work/main/apps/server/src/db.ts:1:1');
    };
    // Every face reads organizations one way or the other (GraphQL batches them).
    repos.findById = failure;
    repos.findByIds = failure;
    try {
      const rest = await server.api(`/v1/orgs/${organizationId}`, { token });
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({ error: { code: 500, message: 'Internal server error' } });
      const viaTrpc = await trpc('orgs.get', { organizationId });
      expect(viaTrpc.status).toBe(500);
      expect(viaTrpc.body.error.message).toBe('Internal server error');
      const viaGraphql = await graphql(`{ orgsGet(organizationId: "${organizationId}") { title } }`);
      expect(viaGraphql.body.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
      for (const body of [rest.body, viaTrpc.body, viaGraphql.body]) expectNoLeak(body);
    } finally {
      repos.findById = findById;
      repos.findByIds = findByIds;
    }
  });
});

describe('cursors', () => {
  it('a cursor of another list (other sort fields) is a 400 naming page', async () => {
    // Members page on `joinedAt` (one value); a cursor with no value belongs to an id-ordered list.
    const idOnly = Buffer.from(JSON.stringify(['someid'])).toString('base64url');
    const response = await server.api(`/v1/orgs/${organizationId}/members?page=${idOnly}`, { token });
    expect(response.status).toBe(400);
    expect(response.body.error.issues).toEqual([
      { field: 'page', message: 'not a cursor returned by this API' },
    ]);
    const withNumber = Buffer.from(JSON.stringify(['someid', 5])).toString('base64url');
    expect(
      (await server.api(`/v1/orgs/${organizationId}/members?page=${withNumber}`, { token })).status,
    ).toBe(400);
  });

  it('an operator inside a cursor is a 400, never a 500', async () => {
    for (const forged of [['x', { $where: '1' }], { $regex: '(' }, ['x', { $gt: '' }]]) {
      const page = Buffer.from(JSON.stringify(forged)).toString('base64url');
      const response = await server.api(`/v1/orgs/${organizationId}/members?page=${page}`, { token });
      expect(response.status, JSON.stringify(forged)).toBe(400);
    }
  });
});
