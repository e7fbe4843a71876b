/**
 * The official tRPC client, typed by `AppRouter`, against the running server: single calls,
 * batches, mutations, errors, and the streaming link (served by tRPC's own resolveResponse).
 */
import {
  createTRPCClient,
  httpBatchLink,
  httpBatchStreamLink,
  httpLink,
  TRPCClientError,
} from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../src/faces/trpc/router';
import { createOrganization, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const clientFor = (
  token: string,
  link: typeof httpLink | typeof httpBatchLink | typeof httpBatchStreamLink,
) =>
  createTRPCClient<AppRouter>({
    links: [link({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${token}` } })],
  });

describe('the tRPC client', () => {
  for (const [name, link] of [
    ['httpLink', httpLink],
    ['httpBatchLink', httpBatchLink],
    ['httpBatchStreamLink', httpBatchStreamLink],
  ] as const) {
    it(`queries, mutates and batches with ${name}`, async () => {
      const { organization, admin } = await createOrganization(server);
      const trpc = clientFor(admin.token, link);
      const [fetched, members] = await Promise.all([
        trpc.orgs.get.query({ organizationId: organization.id }),
        trpc.orgs.members.list.query({ organizationId: organization.id, limit: 10 }),
      ]);
      expect(fetched.id).toBe(organization.id);
      expect(members.items.map((member) => member.id)).toEqual([admin.user.id]);
      const updated = await trpc.orgs.update.mutate({
        organizationId: organization.id,
        title: 'Renamed by tRPC',
      });
      expect(updated.title).toBe('Renamed by tRPC');
    });

    it(`reports domain errors with their status through ${name}`, async () => {
      const { organization } = await createOrganization(server);
      const outsider = await createUser(server);
      const trpc = clientFor(outsider.token, link);
      const error = await trpc.orgs.get.query({ organizationId: organization.id }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCClientError);
      expect((error as TRPCClientError<AppRouter>).data).toMatchObject({
        code: 'NOT_FOUND',
        httpStatus: 404,
        domainCode: 'not_found',
      });
    });
  }

  it('answers a query sent as a mutation with NOT_FOUND, as tRPC does', async () => {
    const { organization, admin } = await createOrganization(server);
    const response = await server.api('/trpc/orgs.get', {
      method: 'POST',
      token: admin.token,
      body: { organizationId: organization.id },
    });
    expect(response.status).toBe(404);
    expect(response.body.error.data.code).toBe('NOT_FOUND');
  });

  it('refuses malformed input JSON with a parse error', async () => {
    const { admin } = await createOrganization(server);
    const response = await server.api('/trpc/orgs.get?input=%7Bnope', { token: admin.token });
    expect(response.status).toBe(400);
    expect(response.body.error.data.code).toBe('PARSE_ERROR');
  });
});
