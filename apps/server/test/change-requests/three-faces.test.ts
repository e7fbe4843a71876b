/**
 * The change-request operations on the three faces: the same change request from REST,
 * tRPC and GraphQL (by id and by number), the same list, the same PATCH, and the same
 * refusals (404 outside the space's audience, 409 on a merged change request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const trpcGet = (path: string, input: unknown, token: string) =>
  server.api(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token });
const trpcPost = (path: string, input: unknown, token: string) =>
  server.api(`/trpc/${path}`, { method: 'POST', body: input, token });
const graphql = (query: string, token: string, variables: Record<string, unknown>) =>
  server.api('/graphql', { method: 'POST', body: { query, variables }, token });

const FIELDS = 'id number status subject space outdated revision createdBy { entityId displayName }';

describe('change requests on every face', () => {
  it('create, get, list and update answer the same', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const token = org.admin.token;
    const rest = await server.api(`/v1/spaces/${space.id}/change-requests`, {
      method: 'POST',
      token,
      body: { subject: 'By REST' },
    });
    const trpc = await trpcPost('changeRequests.create', { spaceId: space.id, subject: 'By tRPC' }, token);
    const gql = await graphql(
      `mutation($s: String!) { changeRequestsCreate(spaceId: $s, subject: "By GraphQL") { ${FIELDS} } }`,
      token,
      { s: space.id },
    );
    expect([rest.status, trpc.status, gql.status]).toEqual([201, 200, 200]);
    expect(
      [rest.body, trpc.body.result.data, gql.body.data.changeRequestsCreate].map((cr) => cr.number).sort(),
    ).toEqual([1, 2, 3]);

    const restGet = await server.api(`/v1/spaces/${space.id}/change-requests/${rest.body.id}`, { token });
    const trpcGot = await trpcGet(
      'changeRequests.get',
      { spaceId: space.id, changeRequestId: rest.body.id },
      token,
    );
    expect(trpcGot.body.result.data).toEqual(restGet.body);
    const gqlGot = await graphql(
      `query($s: String!, $c: String!) { changeRequestsGet(spaceId: $s, changeRequestId: $c) { ${FIELDS} } }`,
      token,
      { s: space.id, c: String(rest.body.number) },
    );
    expect(gqlGot.body.data.changeRequestsGet).toMatchObject({
      id: rest.body.id,
      number: rest.body.number,
      status: 'draft',
      subject: 'By REST',
      createdBy: { entityId: org.admin.user.id },
    });

    const gqlUpdated = await graphql(
      `mutation($s: String!, $c: String!) { changeRequestsUpdate(spaceId: $s, changeRequestId: $c, status: open) { status } }`,
      token,
      { s: space.id, c: rest.body.id },
    );
    expect(gqlUpdated.body.data.changeRequestsUpdate.status).toBe('open');
    const trpcUpdated = await trpcPost(
      'changeRequests.update',
      { spaceId: space.id, changeRequestId: String(trpc.body.result.data.number), status: 'open' },
      token,
    );
    expect(trpcUpdated.body.result.data.status).toBe('open');

    const restList = await server.api(`/v1/spaces/${space.id}/change-requests`, { token });
    const trpcList = await trpcGet('changeRequests.list', { spaceId: space.id }, token);
    const gqlList = await graphql(
      `query($s: String!) { changeRequestsList(spaceId: $s, status: open) { totalCount edges { node { id } } } }`,
      token,
      { s: space.id },
    );
    const ids = restList.body.items.map((cr: { id: string }) => cr.id);
    expect(ids).toHaveLength(2);
    expect(trpcList.body.result.data.items.map((cr: { id: string }) => cr.id)).toEqual(ids);
    expect(gqlList.body.data.changeRequestsList.totalCount).toBe(2);
    expect(
      gqlList.body.data.changeRequestsList.edges.map((edge: { node: { id: string } }) => edge.node.id),
    ).toEqual(ids);
  });

  it('refuse the same way: 404 for an outsider, 409 for a merged change request', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const outsider = await createUser(server);
    const created = await server.api(`/v1/spaces/${space.id}/change-requests`, {
      method: 'POST',
      token: org.admin.token,
      body: {},
    });
    const input = { spaceId: space.id, changeRequestId: created.body.id };
    expect(
      (await server.api(`/v1/spaces/${space.id}/change-requests/1`, { token: outsider.token })).status,
    ).toBe(404);
    expect((await trpcGet('changeRequests.get', input, outsider.token)).body.error.data.code).toBe(
      'NOT_FOUND',
    );
    const gql = await graphql(
      'query($s: String!, $c: String!) { changeRequestsGet(spaceId: $s, changeRequestId: $c) { id } }',
      outsider.token,
      { s: space.id, c: created.body.id },
    );
    expect(gql.body.errors[0].extensions.code).toBe('not_found');

    await server.services.repos.changeRequests.update(
      created.body.id,
      { status: 'draft' },
      { status: 'merged' },
      'x',
    );
    const trpc = await trpcPost('changeRequests.update', { ...input, subject: 'Late' }, org.admin.token);
    expect(trpc.body.error.data.code).toBe('CONFLICT');
    const gqlRefused = await graphql(
      'mutation($s: String!, $c: String!) { changeRequestsUpdate(spaceId: $s, changeRequestId: $c, subject: "Late") { id } }',
      org.admin.token,
      { s: space.id, c: created.body.id },
    );
    expect(gqlRefused.body.errors[0].extensions.code).toBe('conflict');
  });

  it("a merge revision names the change request it merged (GitBook's mergedFrom), on every face", async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const token = org.admin.token;
    const created = await server.api(`/v1/spaces/${space.id}/change-requests`, {
      method: 'POST',
      token,
      body: { subject: 'Add a page' },
    });
    const edited = await server.api(`/v1/spaces/${space.id}/change-requests/${created.body.id}/content`, {
      method: 'POST',
      token,
      body: { changes: [{ operation: 'insert_page', document: { markdown: '# Merged\n\nBody.' } }] },
    });
    expect(edited.status).toBeLessThan(300);
    const merged = await server.api(`/v1/spaces/${space.id}/change-requests/${created.body.id}/merge`, {
      method: 'POST',
      token,
    });
    expect(merged.body.result).toBe('merge');
    const rest = await server.api(`/v1/spaces/${space.id}/revisions/${merged.body.revision}`, { token });
    expect(rest.body).toMatchObject({
      type: 'merge',
      mergedFrom: { object: 'change-request', id: created.body.id, number: 1, status: 'merged' },
    });
    const head = await server.api(`/v1/spaces/${space.id}/content`, { token });
    expect(head.body.mergedFrom).toEqual(rest.body.mergedFrom);
    const trpc = await trpcGet(
      'spaces.revisions.get',
      { spaceId: space.id, revisionId: merged.body.revision },
      token,
    );
    expect(trpc.body.result.data.mergedFrom).toEqual(rest.body.mergedFrom);
    const gql = await graphql(
      'query($s: String!, $r: String!) { spacesRevisionsGet(spaceId: $s, revisionId: $r) { type mergedFrom { id number } } }',
      token,
      { s: space.id, r: merged.body.revision },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.spacesRevisionsGet).toEqual({
      type: 'merge',
      mergedFrom: { id: created.body.id, number: 1 },
    });
    // A revision of edits has none.
    const first = await server.api(`/v1/spaces/${space.id}/revisions/${rest.body.parents[0]}`, { token });
    expect(first.body).not.toHaveProperty('mergedFrom');
  });
});
