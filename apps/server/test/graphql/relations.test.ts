/**
 * Relations as GraphQL fields: `Space.organization`, `Space.parent`, `Organization.members`,
 * `Team.members`… answer what the root field of the linked resource answers, refuse what
 * it refuses, and cost a fixed number of store reads however long the list (no N+1).
 */
import type { Repositories } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

let server: TestServer;
beforeAll(async () => {
  // No job worker: its polls of the store would be counted with the requests' reads.
  server = await startTestServer({ QUIRE_JOBS_IN_SERVER: 'false' });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const graphql = async (token: string, query: string, variables: Record<string, unknown> = {}) => {
  const response = await server.api('/graphql', { method: 'POST', token, body: { query, variables } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { data: Json; errors?: Json[] };
};

async function send(
  token: string,
  method: string,
  path: string,
  body: Record<string, unknown>,
): Promise<Json> {
  const response = await server.api(path, { method, token, body });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
}
const post = (token: string, path: string, body: Record<string, unknown>) => send(token, 'POST', path, body);

const createCollection = (org: TestOrganization, body: Record<string, unknown> = {}) =>
  post(org.admin.token, `/v1/orgs/${org.organization.id}/collections`, { title: 'Guides', ...body });
const createSpace = (org: TestOrganization, body: Record<string, unknown> = {}) =>
  post(org.admin.token, `/v1/orgs/${org.organization.id}/spaces`, { title: 'Handbook', ...body });

describe('relations answer what the root fields answer', () => {
  it('Space.organization and Space.parent are the resources orgsGet and collectionsGet return', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(org, { title: 'Outer' });
    const space = await createSpace(org, { title: 'Inside', parent: collection.id });
    const resource = 'entityId title urls { location } permissions { admin }';
    const linked = await graphql(
      org.admin.token,
      `query($space: String!) { spacesGet(spaceId: $space) {
        organizationId parentId organization { ${resource} } parent { ${resource} organization { entityId } }
      } }`,
      { space: space.id },
    );
    const roots = await graphql(
      org.admin.token,
      `query($org: String!, $collection: String!) {
        orgsGet(organizationId: $org) { ${resource} } collectionsGet(collectionId: $collection) { ${resource} }
      }`,
      { org: org.organization.id, collection: collection.id },
    );
    expect(linked.errors).toBeUndefined();
    expect(linked.data.spacesGet).toEqual({
      organizationId: org.organization.id,
      parentId: collection.id,
      organization: roots.data.orgsGet,
      parent: { ...roots.data.collectionsGet, organization: { entityId: org.organization.id } },
    });
  });

  it('a space at the top level has no parent', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(org);
    const body = await graphql(
      org.admin.token,
      'query($id: String!) { spacesGet(spaceId: $id) { parent { title } } }',
      {
        id: space.id,
      },
    );
    expect(body).toEqual({ data: { spacesGet: { parent: null } } });
  });

  it('lists are connections paged like the root lists, with the list operation’s own arguments', async () => {
    const org = await createOrganization(server);
    const readers = [];
    for (let i = 0; i < 3; i++) readers.push(await addMember(server, org.organization.id, 'read'));
    const collection = await createCollection(org);
    const spaces = [];
    for (let i = 0; i < 3; i++)
      spaces.push(await createSpace(org, { title: `Space ${i}`, parent: collection.id }));
    const team = await send(org.admin.token, 'PUT', `/v1/orgs/${org.organization.id}/teams`, {
      title: 'Writers',
      members: readers.slice(0, 2).map((reader) => reader.user.id),
    });

    const body = await graphql(
      org.admin.token,
      `query($org: String!, $after: String) { orgsGet(organizationId: $org) {
        members(first: 2, after: $after, role: read) { totalCount edges { node { id user { entityId displayName } } } pageInfo { hasNextPage endCursor } }
        collections { totalCount edges { node { entityId spaces(first: 2) { totalCount edges { node { entityId } } } } } }
        spaces(first: 100) { totalCount }
        teams { edges { node { id memberCount organization { entityId } members { totalCount edges { node { organization { id } } } } } } }
      } }`,
      { org: org.organization.id },
    );
    expect(body.errors).toBeUndefined();
    const organization = body.data.orgsGet;
    expect(organization.members.totalCount).toBe(3);
    expect(organization.members.edges).toHaveLength(2);
    expect(organization.members.edges[0].node.user.entityId).toBe(organization.members.edges[0].node.id);
    expect(organization.members.pageInfo.hasNextPage).toBe(true);
    const rest = await graphql(
      org.admin.token,
      `query($org: String!, $after: String) { orgsGet(organizationId: $org) {
        members(first: 2, after: $after, role: read) { edges { node { id } } pageInfo { hasNextPage } } } }`,
      { org: org.organization.id, after: organization.members.pageInfo.endCursor },
    );
    const memberIds = [...organization.members.edges, ...rest.data.orgsGet.members.edges].map(
      (edge: Json) => edge.node.id,
    );
    expect(memberIds.sort()).toEqual(readers.map((reader) => reader.user.id).sort());

    expect(organization.collections.edges).toEqual([
      {
        node: {
          entityId: collection.id,
          spaces: {
            totalCount: 3,
            edges: spaces.slice(0, 2).map((space) => ({ node: { entityId: space.id } })),
          },
        },
      },
    ]);
    expect(organization.spaces.totalCount).toBe(3);
    expect(organization.teams.edges).toEqual([
      {
        node: {
          id: team.id,
          memberCount: 2,
          organization: { entityId: org.organization.id },
          members: { totalCount: 2, edges: expect.any(Array) },
        },
      },
    ]);
  });
});

describe('relations refuse what the root fields refuse', () => {
  it('a guest’s Organization.members is the 403 of orgsMembersList, and nothing else fails', async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    const root = await graphql(
      guest.token,
      'query($org: String!) { orgsMembersList(organizationId: $org) { totalCount } }',
      {
        org: org.organization.id,
      },
    );
    const linked = await graphql(
      guest.token,
      'query($org: String!) { orgsGet(organizationId: $org) { title members { totalCount } } }',
      { org: org.organization.id },
    );
    expect(root.errors?.[0].extensions).toMatchObject({ code: 'forbidden', httpStatus: 403 });
    expect(linked.data.orgsGet).toEqual({ title: org.organization.title, members: null });
    expect(linked.errors).toHaveLength(1);
    expect(linked.errors?.[0]).toMatchObject({
      message: root.errors?.[0].message,
      path: ['orgsGet', 'members'],
      extensions: root.errors?.[0].extensions,
    });
  });

  it('a parent collection the caller cannot view is the 404 of collectionsGet', async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    const collection = await createCollection(org);
    const space = await createSpace(org, { parent: collection.id });
    await post(org.admin.token, `/v1/spaces/${space.id}/permissions`, {
      role: 'read',
      users: [guest.user.id],
    });

    const root = await graphql(
      guest.token,
      'query($id: String!) { collectionsGet(collectionId: $id) { title } }',
      {
        id: collection.id,
      },
    );
    const linked = await graphql(
      guest.token,
      'query($id: String!) { spacesGet(spaceId: $id) { entityId parentId parent { title } } }',
      { id: space.id },
    );
    expect(root.errors?.[0].extensions).toMatchObject({ code: 'not_found', httpStatus: 404 });
    expect(linked.data.spacesGet).toEqual({ entityId: space.id, parentId: collection.id, parent: null });
    expect(linked.errors?.[0]).toMatchObject({
      message: root.errors?.[0].message,
      path: ['spacesGet', 'parent'],
      extensions: root.errors?.[0].extensions,
    });
  });
});

/** The methods of an object: its own and its classes' (Object's aside). */
function methodNames(object: object): Set<string> {
  const names = new Set<string>();
  for (let level = object; level !== Object.prototype; level = Object.getPrototypeOf(level)) {
    for (const name of Object.getOwnPropertyNames(level)) {
      if (name !== 'constructor' && typeof (object as Record<string, unknown>)[name] === 'function')
        names.add(name);
    }
  }
  return names;
}

/** Counts the calls of every method of every repository of the server's services. */
function spyOnRepositories(repos: Repositories) {
  const spies = new Map<string, MockInstance>();
  for (const [name, repository] of Object.entries(repos) as [string, Record<string, unknown>][]) {
    for (const method of methodNames(repository)) {
      // biome-ignore lint/suspicious/noExplicitAny: every method of a repository, whatever its type
      spies.set(`${name}.${method}`, vi.spyOn(repository as any, method));
    }
  }
  return {
    reset: () => {
      for (const spy of spies.values()) spy.mockClear();
    },
    calls: (): Record<string, number> =>
      Object.fromEntries(
        [...spies].flatMap(([key, spy]) => (spy.mock.calls.length ? [[key, spy.mock.calls.length]] : [])),
      ),
  };
}

const total = (calls: Record<string, number>) => Object.values(calls).reduce((sum, n) => sum + n, 0);

describe('relations batch their reads (no N+1)', () => {
  // The default page (100) holds them all.
  const SPACES_WITH_LINKS = `query($org: String!) { spacesList(organizationId: $org) {
    totalCount edges { node { title organization { title } parent { title organization { title } } } } } }`;

  /** An organization whose `n` spaces are each in a collection of their own. */
  async function organizationWithSpaces(n: number) {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    for (let i = 0; i < n; i++) {
      const collection = await createCollection(org, { title: `Collection ${i}` });
      await createSpace(org, { title: `Space ${i}`, parent: collection.id });
    }
    return { org, reader };
  }

  it('50 spaces with their organization and parent cost the reads of 5, for an admin and a reader', async () => {
    const small = await organizationWithSpaces(5);
    const large = await organizationWithSpaces(50);
    const repositories = spyOnRepositories(server.services.repos);
    const readsOf = async (org: TestOrganization, token: string, n: number) => {
      repositories.reset();
      const body = await graphql(token, SPACES_WITH_LINKS, { org: org.organization.id });
      const calls = repositories.calls();
      expect(body.errors).toBeUndefined();
      expect(body.data.spacesList.totalCount).toBe(n);
      for (const { node } of body.data.spacesList.edges) {
        expect(node.organization.title).toBe(org.organization.title);
        expect(node.parent.title).toBe(node.title.replace('Space', 'Collection'));
        expect(node.parent.organization.title).toBe(org.organization.title);
      }
      return calls;
    };
    const counts = {
      admin: [
        await readsOf(small.org, small.org.admin.token, 5),
        await readsOf(large.org, large.org.admin.token, 50),
      ],
      reader: [
        await readsOf(small.org, small.reader.token, 5),
        await readsOf(large.org, large.reader.token, 50),
      ],
    };
    console.info(
      'repository calls of spacesList { organization parent { organization } }:',
      JSON.stringify({
        admin: counts.admin.map(total),
        reader: counts.reader.map(total),
        reader50: counts.reader[1],
      }),
    );
    expect(counts.admin[1]).toEqual(counts.admin[0]);
    expect(counts.reader[1]).toEqual(counts.reader[0]);
    expect(total(counts.reader[1]!)).toBeLessThan(20);
  });
});

describe('relations are operations for the rate limit', () => {
  it('cost a point per operation they run: the same call for many parents runs once', async () => {
    const metered = await startTestServer({ QUIRE_RATE_LIMIT: '1000' });
    try {
      const org = await createOrganization(metered);
      for (let i = 0; i < 3; i++) {
        const collection = await metered.api(`/v1/orgs/${org.organization.id}/collections`, {
          method: 'POST',
          token: org.admin.token,
          body: { title: `Collection ${i}` },
        });
        await metered.api(`/v1/orgs/${org.organization.id}/spaces`, {
          method: 'POST',
          token: org.admin.token,
          body: { title: `Space ${i}`, parent: collection.body.id },
        });
      }
      const remainingAfter = async (query: string) => {
        const response = await metered.api('/graphql', {
          method: 'POST',
          token: org.admin.token,
          body: { query, variables: { org: org.organization.id } },
        });
        expect(response.body.errors).toBeUndefined();
        return Number(response.headers.get('x-ratelimit-remaining'));
      };
      const before = await remainingAfter('query($org: String!) { orgsGet(organizationId: $org) { title } }');
      // spacesList, one orgs.get for the three spaces of one organization, a collections.get per parent.
      const after = await remainingAfter(
        'query($org: String!) { spacesList(organizationId: $org) { edges { node { organization { title } parent { title } } } } }',
      );
      expect(before - after).toBe(1 + 1 + 3);
    } finally {
      await metered.close();
    }
  });
});
