/**
 * The aggregate of a space's permissions on the three faces: tRPC and GraphQL answer as
 * REST does, filter and pages included, and refuse the same callers. What it lists is the
 * domain's (`permissions-aggregate.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { peopleAround } from './people-around';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the aggregate on tRPC and GraphQL', () => {
  it('answers as REST does, filter and pages included', async () => {
    const { people, target } = await peopleAround(server, 'space', { parent: 'inherit', item: 'inherit' });
    const rest = await server.api(`/v1/spaces/${target.id}/permissions/aggregate?role=admin`, {
      token: people.admin.token,
    });
    expect(rest.status).toBe(200);
    const input = { spaceId: target.id, role: 'admin' };
    const trpc = await server.api(
      `/trpc/spaces.permissions.aggregate?input=${encodeURIComponent(JSON.stringify(input))}`,
      { token: people.admin.token },
    );
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body);

    const gql = await server.api('/graphql', {
      method: 'POST',
      token: people.admin.token,
      body: {
        query: `query($id: String!) {
          spacesPermissionsAggregate(spaceId: $id, role: admin, first: 1) {
            totalCount
            pageInfo { hasNextPage }
            edges { node { permission user { entityId email } } }
          }
        }`,
        variables: { id: target.id },
      },
    });
    expect(gql.status, JSON.stringify(gql.body)).toBe(200);
    expect(gql.body.data.spacesPermissionsAggregate).toEqual({
      totalCount: 9,
      pageInfo: { hasNextPage: true },
      edges: [
        {
          node: {
            permission: 'admin',
            user: { entityId: people.admin.user.id, email: people.admin.user.email },
          },
        },
      ],
    });

    const stranger = (await createOrganization(server)).admin;
    const refused = await server.api(
      `/trpc/spaces.permissions.aggregate?input=${encodeURIComponent(JSON.stringify(input))}`,
      { token: stranger.token },
    );
    expect(refused.status).toBe(404);
  });
});
