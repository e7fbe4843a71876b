/**
 * A document's first plain JSON call goes through Yoga's envelop pipeline; once it has
 * validated, its later calls run the compiled query directly (`prepared-operations.ts`).
 * Both must answer alike: each case sends a document never sent before (a comment makes its
 * text new) and compares its second answer with its first, for data, domain errors,
 * unexpected errors (masked), variables coerced per call, the rate limit charged per
 * operation, GET refusing mutations and an `operationName` naming no operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import type { ApiResponse } from '../support/test-server';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_RATE_LIMIT: '1000', QUIRE_RATE_LIMIT_WINDOW_SECONDS: '600' });
  org = await createOrganization(server);
});
afterAll(() => server.close());

let documents = 0;
/** The document with a comment no other call sent: its first call is the pipeline's. */
const fresh = (query: string) => `# document ${++documents}\n${query}`;

interface Call {
  variables?: Record<string, unknown>;
  operationName?: string;
}

const post = (query: string, call: Call = {}) =>
  server.api('/graphql', { method: 'POST', token: org.admin.token, body: { query, ...call } });

const get = (query: string) =>
  server.api(`/graphql?query=${encodeURIComponent(query)}`, { token: org.admin.token });

const answer = (response: ApiResponse) => ({ status: response.status, body: response.body });
const remaining = (response: ApiResponse) => Number(response.headers.get('x-ratelimit-remaining'));

/** The first and the second answer to the same call. */
async function twice(query: string, call: Call = {}) {
  const first = await post(query, call);
  const second = await post(query, call);
  return { first, second };
}

describe('a prepared document answers as the pipeline did', () => {
  it('data, with the variables of each call', async () => {
    const query = fresh('query($org: String!) { orgsGet(organizationId: $org) { entityId title } }');
    const { first, second } = await twice(query, { variables: { org: org.organization.id } });
    expect(first.body).toEqual({
      data: { orgsGet: { entityId: org.organization.id, title: org.organization.title } },
    });
    expect(answer(second)).toEqual(answer(first));
    // The variables are coerced per call: a wrong type on a prepared document is refused.
    const wrongFirst = await post(fresh('query($org: String!) { orgsGet(organizationId: $org) { id } }'), {
      variables: { org: 42 },
    });
    const wrongPrepared = await post(query, { variables: { org: 42 } });
    expect(wrongPrepared.body.data).toBeUndefined();
    expect(wrongPrepared.body.errors).toHaveLength(1);
    expect(wrongPrepared.body.errors[0].extensions).toEqual(wrongFirst.body.errors[0].extensions);
    expect(wrongPrepared.body.errors[0].message).toBe(wrongFirst.body.errors[0].message);
  });

  it('a domain error', async () => {
    const { first, second } = await twice(fresh('{ orgsGet(organizationId: "missing") { title } }'));
    expect(first.body.errors[0].extensions.code).toBe('not_found');
    expect(answer(second)).toEqual(answer(first));
  });

  it('an unexpected error, masked', async () => {
    const query = fresh(`{ orgsGet(organizationId: "${org.organization.id}") { title } }`);
    const repos = server.services.repos.organizations;
    const { findById, findByIds } = repos;
    const failure = async (): Promise<never> => {
      throw new Error('secret-detail at /work/main/apps/server/src/db.ts:1:1');
    };
    repos.findById = failure;
    repos.findByIds = failure;
    try {
      const { first, second } = await twice(query);
      expect(first.body.errors[0].message).toBe('Unexpected error.');
      expect(first.body.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
      expect(JSON.stringify(first.body)).not.toMatch(/secret-detail|stack|\/work\//);
      expect(answer(second)).toEqual(answer(first));
    } finally {
      repos.findById = findById;
      repos.findByIds = findByIds;
    }
    // The same document, prepared, answers again once the store does.
    expect((await post(query)).body).toEqual({ data: { orgsGet: { title: org.organization.title } } });
  });

  it('charges a point per operation field on every call', async () => {
    const query = fresh(
      `{ a: orgsGet(organizationId: "${org.organization.id}") { title } b: orgsList { totalCount } }`,
    );
    const { first, second } = await twice(query);
    expect(second.body).toEqual(first.body);
    expect(remaining(first) - remaining(second)).toBe(2);
    const third = await post(query);
    expect(remaining(second) - remaining(third)).toBe(2);
  });

  it('a GET runs a prepared query, and refuses a prepared mutation', async () => {
    const query = fresh(`{ orgsGet(organizationId: "${org.organization.id}") { title } }`);
    const viaPost = await post(query);
    const viaGet = await get(query);
    expect(answer(viaGet)).toEqual(answer(viaPost));

    const mutation = fresh(
      `mutation { orgsUpdate(organizationId: "${org.organization.id}", title: "${org.organization.title}") { title } }`,
    );
    const refusedFirst = await get(mutation);
    expect(refusedFirst.status).toBe(405);
    expect((await post(mutation)).body).toEqual({ data: { orgsUpdate: { title: org.organization.title } } });
    // Prepared by the POST: the GET is still refused, the same way.
    expect(answer(await get(mutation))).toEqual(answer(refusedFirst));
  });

  it('an operationName that names no operation of the document', async () => {
    const query = fresh(`query Named { orgsGet(organizationId: "${org.organization.id}") { title } }`);
    const unnamed = await post(query, { operationName: 'Other' });
    expect(unnamed.status).toBeGreaterThanOrEqual(400);
    expect((await post(query, { operationName: 'Named' })).body.data).toBeDefined();
    expect(answer(await post(query, { operationName: 'Other' }))).toEqual(answer(unnamed));
    expect(answer(await post(query))).toEqual(answer(await post(fresh(query))));
  });
});
