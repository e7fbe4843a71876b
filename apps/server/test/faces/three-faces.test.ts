/**
 * The same operation behaves the same on REST, tRPC and GraphQL: same data, same refusals
 * (401 without a token, 404 outside the organization, 403 for a role too low, 400 naming
 * the field), plus each face's own protections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const trpcGet = (path: string, input: unknown, token?: string) =>
  server.api(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token: token ?? null });
const trpcPost = (path: string, input: unknown, token?: string) =>
  server.api(`/trpc/${path}`, { method: 'POST', body: input, token: token ?? null });
const graphql = (query: string, token?: string, variables?: Record<string, unknown>) =>
  server.api('/graphql', { method: 'POST', body: { query, variables }, token: token ?? null });

describe('orgs.get on every face', () => {
  it('returns the same organization', async () => {
    const { organization, admin } = await createOrganization(server);
    const rest = await server.api(`/v1/orgs/${organization.id}`, { token: admin.token });
    const trpc = await trpcGet('orgs.get', { organizationId: organization.id }, admin.token);
    const gql = await graphql(
      `query($id: String!) { orgsGet(organizationId: $id) { entityId title urls { location } permissions { admin view } } }`,
      admin.token,
      { id: organization.id },
    );
    expect(rest.status).toBe(200);
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body);
    expect(gql.status).toBe(200);
    expect(gql.body.data.orgsGet).toEqual({
      entityId: rest.body.id,
      title: rest.body.title,
      urls: { location: rest.body.urls.location },
      permissions: { admin: true, view: true },
    });
  });

  it('refuses without a token: 401 everywhere', async () => {
    const { organization } = await createOrganization(server);
    expect((await server.api(`/v1/orgs/${organization.id}`)).status).toBe(401);
    const trpc = await trpcGet('orgs.get', { organizationId: organization.id });
    expect(trpc.status).toBe(401);
    expect(trpc.body.error.data.code).toBe('UNAUTHORIZED');
    const gql = await graphql(`{ orgsGet(organizationId: "${organization.id}") { title } }`);
    expect(gql.status).toBe(401);
    expect(gql.body.errors[0].extensions.code).toBe('unauthenticated');
  });

  it('hides another organization: 404 everywhere', async () => {
    const { organization } = await createOrganization(server);
    const outsider = await createUser(server);
    expect((await server.api(`/v1/orgs/${organization.id}`, { token: outsider.token })).status).toBe(404);
    const trpc = await trpcGet('orgs.get', { organizationId: organization.id }, outsider.token);
    expect(trpc.status).toBe(404);
    expect(trpc.body.error.data).toMatchObject({
      code: 'NOT_FOUND',
      httpStatus: 404,
      domainCode: 'not_found',
    });
    const gql = await graphql(`{ orgsGet(organizationId: "${organization.id}") { title } }`, outsider.token);
    expect(gql.body.data).toBeNull();
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'not_found', httpStatus: 404 });
  });
});

describe('orgs.update on every face', () => {
  it('is forbidden to a reader everywhere, and changes nothing', async () => {
    const { organization, admin } = await createOrganization(server, { title: 'Unchanged' });
    const reader = await addMember(server, organization.id, 'read');
    const input = { organizationId: organization.id, title: 'Changed' };
    const rest = await server.api(`/v1/orgs/${organization.id}`, {
      method: 'PATCH',
      body: { title: 'Changed' },
      token: reader.token,
    });
    expect(rest.status).toBe(403);
    const trpc = await trpcPost('orgs.update', input, reader.token);
    expect(trpc.status).toBe(403);
    const gql = await graphql(
      `mutation { orgsUpdate(organizationId: "${organization.id}", title: "Changed") { title } }`,
      reader.token,
    );
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'forbidden', httpStatus: 403 });
    const after = await server.api(`/v1/orgs/${organization.id}`, { token: admin.token });
    expect(after.body.title).toBe('Unchanged');
  });

  it('names the bad field everywhere', async () => {
    const { organization, admin } = await createOrganization(server);
    const rest = await server.api(`/v1/orgs/${organization.id}`, {
      method: 'PATCH',
      body: { title: 'x' },
      token: admin.token,
    });
    expect(rest.status).toBe(400);
    expect(rest.body.error.message).toContain('title');
    const trpc = await trpcPost('orgs.update', { organizationId: organization.id, title: 'x' }, admin.token);
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.data.issues[0].field).toBe('title');
    const gql = await graphql(
      `mutation { orgsUpdate(organizationId: "${organization.id}", title: "x") { title } }`,
      admin.token,
    );
    expect(gql.body.errors[0].extensions.code).toBe('validation');
    expect(gql.body.errors[0].message).toContain('title');
  });
});

describe('lists on every face', () => {
  it('pages members the same way: REST cursors, tRPC cursors, GraphQL connections', async () => {
    const { organization, admin } = await createOrganization(server);
    for (let i = 0; i < 4; i++) await addMember(server, organization.id, 'read');
    const restIds: string[] = [];
    let page: string | undefined;
    do {
      const query = `limit=2${page ? `&page=${page}` : ''}`;
      const response = await server.api(`/v1/orgs/${organization.id}/members?${query}`, {
        token: admin.token,
      });
      restIds.push(...response.body.items.map((m: { id: string }) => m.id));
      page = response.body.next?.page;
    } while (page);
    expect(restIds).toHaveLength(5);

    const trpc = await trpcGet(
      'orgs.members.list',
      { organizationId: organization.id, limit: 100 },
      admin.token,
    );
    expect(trpc.body.result.data.items.map((m: { id: string }) => m.id)).toEqual(restIds);

    const gqlIds: string[] = [];
    let after: string | null = null;
    for (;;) {
      const response = await graphql(
        `query($org: String!, $after: String) { orgsMembersList(organizationId: $org, first: 2, after: $after) {
            totalCount edges { cursor node { id role } } pageInfo { hasNextPage endCursor } } }`,
        admin.token,
        { org: organization.id, after },
      );
      const connection = response.body.data.orgsMembersList;
      expect(connection.totalCount).toBe(5);
      gqlIds.push(...connection.edges.map((edge: { node: { id: string } }) => edge.node.id));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(gqlIds).toEqual(restIds);
  });

  it('refuses limit 0 and 1001 on REST and tRPC, and first: 1001 on GraphQL', async () => {
    const { organization, admin } = await createOrganization(server);
    for (const limit of [0, 1001]) {
      const rest = await server.api(`/v1/orgs/${organization.id}/members?limit=${limit}`, {
        token: admin.token,
      });
      expect(rest.status).toBe(400);
      expect(rest.body.error.message).toContain('limit');
      const trpc = await trpcGet(
        'orgs.members.list',
        { organizationId: organization.id, limit },
        admin.token,
      );
      expect(trpc.status).toBe(400);
    }
    const gql = await graphql(
      `{ orgsMembersList(organizationId: "${organization.id}", first: 1001) { totalCount } }`,
      admin.token,
    );
    expect(gql.body.errors[0].message).toContain('limit');
  });
});

describe('face protections', () => {
  it('tRPC: batches of at most 10 calls', async () => {
    const { organization, admin } = await createOrganization(server);
    const batch = (n: number) => {
      const paths = Array.from({ length: n }, () => 'orgs.get').join(',');
      const input = Object.fromEntries(
        Array.from({ length: n }, (_, i) => [i, { organizationId: organization.id }]),
      );
      return server.api(`/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, {
        token: admin.token,
      });
    };
    const ten = await batch(10);
    expect(ten.status).toBe(200);
    expect(ten.body).toHaveLength(10);
    expect((await batch(11)).status).toBe(400);
  });

  it('GraphQL: refuses a query past the depth and cost limits before running it', async () => {
    const { admin } = await createOrganization(server);
    let selection = 'id';
    for (let i = 0; i < 14; i++) selection = `node(id: "x") { ... on Organization { ${selection} } }`;
    const response = await graphql(`{ ${selection} }`, admin.token);
    expect(response.body.errors[0].message).toMatch(/depth|cost/i);
  });

  it('GraphQL: a page of 100 with its relations is within the cost limit, a page of 1,000 is not', async () => {
    const { organization, admin } = await createOrganization(server);
    const page = (first: number) =>
      `{ spacesList(organizationId: "${organization.id}", first: ${first}) { edges { node { title organization { title } parent { title organization { title } } } } } }`;
    const hundred = await graphql(page(100), admin.token);
    expect(hundred.body.errors).toBeUndefined();
    const thousand = await graphql(page(1000), admin.token);
    expect(thousand.body.errors[0].message).toMatch(/cost/i);
  });

  it('GraphQL: refuses too many aliases', async () => {
    const { organization, admin } = await createOrganization(server);
    const aliases = Array.from(
      { length: 20 },
      (_, i) => `a${i}: orgsGet(organizationId: "${organization.id}") { title }`,
    );
    const response = await graphql(`{ ${aliases.join(' ')} }`, admin.token);
    expect(response.body.errors[0].message).toMatch(/alias/i);
  });

  it('GraphQL: resolves Relay nodes by global id', async () => {
    const { organization, admin } = await createOrganization(server);
    const first = await graphql(`{ orgsGet(organizationId: "${organization.id}") { id } }`, admin.token);
    const globalId = first.body.data.orgsGet.id;
    const node = await graphql(
      `query($id: ID!) { node(id: $id) { ... on Organization { entityId title } } }`,
      admin.token,
      {
        id: globalId,
      },
    );
    expect(node.body.data.node).toEqual({ entityId: organization.id, title: organization.title });
    const outsider = await createUser(server);
    const hidden = await graphql(`query($id: ID!) { node(id: $id) { id } }`, outsider.token, {
      id: globalId,
    });
    expect(hidden.body.data.node).toBeNull();
  });

  it('serves GraphiQL to browsers without a token', async () => {
    const response = await server.api('/graphql', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(String(response.body)).toContain('GraphiQL');
  });
});

describe('the server', () => {
  it('answers probes and echoes a request id', async () => {
    const health = await server.api('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toBeTruthy();
    const ready = await server.api('/readyz', { headers: { 'x-request-id': 'trace-123' } });
    expect(ready.body).toEqual({ status: 'ready', engine: 'embedded', events: 'following' });
    expect(ready.headers.get('x-request-id')).toBe('trace-123');
  });

  it('serves the generated OpenAPI document and its documentation page', async () => {
    const document = await server.api('/openapi.json');
    expect(document.body.openapi).toBe('3.1.0');
    expect(document.body.paths['/v1/orgs/{organizationId}'].get.operationId).toBe('orgs.get');
    const docs = await fetch(`${server.url}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('answers an unknown route with the error body, and refuses large bodies with 413', async () => {
    const { admin, organization } = await createOrganization(server);
    const unknown = await server.api('/v1/nothing-here', { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(404);
    const huge = await server.api(`/v1/orgs/${organization.id}`, {
      method: 'PATCH',
      token: admin.token,
      rawBody: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe(413);
  });
});
