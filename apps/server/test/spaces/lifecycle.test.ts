/**
 * The lifecycle of a space through real HTTP: delete (idempotent, hidden from lists, shown
 * with `deletedAt` to its admins only), restore within 7 days, refused after (410), and the
 * purge that removes it for good, run directly and by the server's timer.
 */
import { purgeDeletedSpaces } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../organizations/expectations';
import { addMember, createOrganization } from '../support/factories';
import { expectRoles, permissionMatrix } from '../support/permission-matrix';
import { startTestServer, type TestServer } from '../support/test-server';
import { createSpace, type Json, listedSpaceIds, storedSpace } from './space-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getServer = () => server;
const remove = (spaceId: string, token: string) =>
  server.api(`/v1/spaces/${spaceId}`, { method: 'DELETE', token });
const restore = (spaceId: string, token: string) =>
  server.api(`/v1/spaces/${spaceId}/restore`, { method: 'POST', token });

describe('DELETE /v1/spaces/:spaceId', () => {
  it('requires authentication', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org.admin.token, org.organization.id);
    expectError(await server.api(`/v1/spaces/${space.id}`, { method: 'DELETE' }), 401);
    expect((await storedSpace(server, space.id))?.deletedAt).toBeUndefined();
  });

  it('sets deletedAt once, hides the space, and answers 204 again and for unknown spaces', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const space = await createSpace(server, org.admin.token, org.organization.id);
    const deletedAt = server.clock.now().toISOString();
    expect((await remove(space.id, org.admin.token)).status).toBe(204);
    server.clock.advance(60_000);
    expect((await remove(space.id, org.admin.token)).status).toBe(204);
    expect((await storedSpace(server, space.id))?.deletedAt).toBe(deletedAt);
    expect((await remove('no-such-space', org.admin.token)).status).toBe(204);

    expect(await listedSpaceIds(server, org.admin.token, org.organization.id)).toEqual([]);
    const listed = await server.api(`/v1/orgs/${org.organization.id}/spaces`, { token: org.admin.token });
    expect(listed.body.count).toBe(0);
    // Its admins still see it, with deletedAt (they may restore it); others get a 404.
    const asAdmin = await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.deletedAt).toBe(deletedAt);
    expectError(await server.api(`/v1/spaces/${space.id}`, { token: reader.token }), 404);
    // A deleted space cannot be changed.
    const patched = await server.api(`/v1/spaces/${space.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { title: 'X' },
    });
    expectError(patched, 404);
  });

  describe('permission matrix', () => {
    permissionMatrix(getServer, {
      prepare: ({ org }) => createSpace(server, org.admin.token, org.organization.id),
      request: (_f, space: Json) => ({ path: `/v1/spaces/${space.id}`, method: 'DELETE' }),
      observe: (_f, space: Json) => storedSpace(server, space.id),
      // Who cannot see the space gets what a missing space gets: 204, and nothing changes.
      expected: { ...expectRoles(['admin'], 204), guest: 204, otherOrganization: 204, instanceAdmin: 204 },
    });

    it('a caller who cannot see the space changes nothing with their 204', async () => {
      const org = await createOrganization(server);
      const outsider = await createOrganization(server);
      const guest = await addMember(server, org.organization.id, null);
      const space = await createSpace(server, org.admin.token, org.organization.id);
      expect((await remove(space.id, outsider.admin.token)).status).toBe(204);
      expect((await remove(space.id, guest.token)).status).toBe(204);
      expect((await storedSpace(server, space.id))?.deletedAt).toBeUndefined();
    });
  });
});

describe('POST /v1/spaces/:spaceId/restore', () => {
  it('requires authentication', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org.admin.token, org.organization.id);
    await remove(space.id, org.admin.token);
    expectError(await server.api(`/v1/spaces/${space.id}/restore`, { method: 'POST' }), 401);
    expect((await storedSpace(server, space.id))?.deletedAt).toBeDefined();
  });

  it('restores within 7 days, back in lists and at its position', async () => {
    const org = await createOrganization(server);
    const a = await createSpace(server, org.admin.token, org.organization.id, { title: 'A' });
    const b = await createSpace(server, org.admin.token, org.organization.id, { title: 'B' });
    const position = (await storedSpace(server, a.id))?.position;
    await remove(a.id, org.admin.token);
    server.clock.advanceDays(6);
    const restored = await restore(a.id, org.admin.token);
    expect(restored.status).toBe(200);
    expect(restored.body.object).toBe('space');
    expect(restored.body.deletedAt).toBeUndefined();
    expect(await listedSpaceIds(server, org.admin.token, org.organization.id)).toEqual([a.id, b.id]);
    expect((await storedSpace(server, a.id))?.position).toBe(position);
    // Restoring a space that is not deleted changes nothing and returns it.
    const again = await restore(a.id, org.admin.token);
    expect(again.status).toBe(200);
    expect(again.body.updatedAt).toBe(restored.body.updatedAt);
  });

  it('after 7 days: restore refused with 410, then the purge removes the space and its grants', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const space = await createSpace(server, org.admin.token, org.organization.id);
    const kept = await createSpace(server, org.admin.token, org.organization.id);
    await server.services.repos.contentGrants.put({
      organizationId: org.organization.id,
      target: { kind: 'space', id: space.id },
      principal: { kind: 'user', id: reader.user.id },
      role: 'edit',
      createdAt: server.clock.now().toISOString(),
    });
    expect(
      await server.services.repos.contentGrants.countForTarget({ kind: 'space', id: space.id }, 'user'),
    ).toBe(1);
    await remove(space.id, org.admin.token);
    server.clock.advanceDays(8);
    const refused = await restore(space.id, org.admin.token);
    expectError(refused, 410);
    expect(refused.body.error.message).toContain('7 days');
    expect((await storedSpace(server, space.id))?.deletedAt).toBeDefined();

    const { purged } = await purgeDeletedSpaces(server.services, server.clock.now());
    expect(purged).toContain(space.id);
    expect(await storedSpace(server, space.id)).toBeNull();
    expect(await storedSpace(server, kept.id)).not.toBeNull();
    const grants = await server.services.repos.contentGrants.countForTarget(
      { kind: 'space', id: space.id },
      'user',
    );
    expect(grants).toBe(0);
    expectError(await restore(space.id, org.admin.token), 404);
    expect((await remove(space.id, org.admin.token)).status).toBe(204);
  });

  it('the purge leaves spaces deleted less than 7 days ago', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org.admin.token, org.organization.id);
    await remove(space.id, org.admin.token);
    server.clock.advanceDays(6);
    await purgeDeletedSpaces(server.services, server.clock.now());
    expect(await storedSpace(server, space.id)).not.toBeNull();
    expect((await restore(space.id, org.admin.token)).status).toBe(200);
  });

  describe('permission matrix', () => {
    permissionMatrix(getServer, {
      prepare: async ({ org }) => {
        const space = await createSpace(server, org.admin.token, org.organization.id);
        await remove(space.id, org.admin.token);
        return space;
      },
      request: (_f, space: Json) => ({ path: `/v1/spaces/${space.id}/restore`, method: 'POST' }),
      observe: (_f, space: Json) => storedSpace(server, space.id),
      expected: { ...expectRoles(['admin'], 200), guest: 404 },
    });
  });
});

describe('the purge job of the server', () => {
  it('runs on its timer with the injected clock, and stops with the server', async () => {
    const own = await startTestServer({ QUIRE_PURGE_INTERVAL_SECONDS: '0.05' });
    try {
      const org = await createOrganization(own);
      const space = await createSpace(own, org.admin.token, org.organization.id);
      await own.api(`/v1/spaces/${space.id}`, { method: 'DELETE', token: org.admin.token });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await own.services.repos.spaces.findById(space.id)).not.toBeNull();
      own.clock.advanceDays(8);
      const deadline = Date.now() + 5000;
      while ((await own.services.repos.spaces.findById(space.id)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await own.services.repos.spaces.findById(space.id)).toBeNull();
    } finally {
      await own.close();
    }
  });
});
