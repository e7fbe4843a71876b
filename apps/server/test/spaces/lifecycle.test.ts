/**
 * The lifecycle of a space through real HTTP: delete (idempotent, hidden from lists, shown
 * with `deletedAt` to its admins only), restore within 7 days, refused after (410), and the
 * purge that removes it for good, run directly and by the server's timer (faked, with the
 * injected clock). Who may delete and restore is the permission matrix's
 * (`test/permissions/spaces.matrix.test.ts`, every caller on the three faces).
 */
import { Writable } from 'node:stream';
import { purgeDeletedSpaces } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError } from '../organizations/expectations';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { createSpace, listedSpaceIds, storedSpace } from './space-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

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
    // Restoring a space that is not deleted changes nothing and returns it: a minute later,
    // a write would show in updatedAt.
    const stored = await storedSpace(server, a.id);
    server.clock.advance(60_000);
    const again = await restore(a.id, org.admin.token);
    expect(again.status).toBe(200);
    expect(again.body.updatedAt).toBe(restored.body.updatedAt);
    expect(await storedSpace(server, a.id)).toEqual(stored);
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
});

/** The spaces of each purge the server logs (its `onPurged`), or the error of a failed run. */
function purgeLog() {
  const runs: Array<(outcome: { spaceIds?: string[]; failed?: unknown }) => void> = [];
  const outcomes: Array<{ spaceIds?: string[]; failed?: unknown }> = [];
  const deliver = (outcome: { spaceIds?: string[]; failed?: unknown }) => {
    const waiting = runs.shift();
    if (waiting) waiting(outcome);
    else outcomes.push(outcome);
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; spaceIds?: string[]; err?: unknown };
        if (entry.msg === 'purged spaces deleted more than 7 days ago')
          deliver({ spaceIds: entry.spaceIds ?? [] });
        if (entry.msg === 'purge of deleted spaces failed') deliver({ failed: entry.err });
      }
      done();
    },
  });
  return {
    logger: { level: 'info', stream },
    /** The next purge that removed something (or failed). */
    next: () =>
      new Promise<{ spaceIds?: string[]; failed?: unknown }>((resolve) => {
        const ready = outcomes.shift();
        if (ready) resolve(ready);
        else runs.push(resolve);
      }),
  };
}

describe('the purge job of the server', () => {
  it('runs on its timer by the injected clock: purges what was deleted 7 days ago, keeps the rest, stops with the server', async () => {
    // Only the interval is faked: the server's I/O and the test's requests keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = purgeLog();
    const own = await startTestServer({ QUIRE_PURGE_INTERVAL_SECONDS: '3600' }, { logger: log.logger });
    try {
      const org = await createOrganization(own);
      const old = await createSpace(own, org.admin.token, org.organization.id, { title: 'Old' });
      const young = await createSpace(own, org.admin.token, org.organization.id, { title: 'Young' });
      const removeAs = (id: string) =>
        own.api(`/v1/spaces/${id}`, { method: 'DELETE', token: org.admin.token });
      expect((await removeAs(old.id)).status).toBe(204);
      own.clock.advanceDays(6);
      expect((await removeAs(young.id)).status).toBe(204);
      own.clock.advanceDays(2);
      // Eight days on, nothing is purged until the timer fires.
      expect(await own.services.repos.spaces.findById(old.id)).not.toBeNull();

      vi.advanceTimersByTime(3600 * 1000);
      const run = await log.next();
      expect(run.failed).toBeUndefined();
      // The run removed the space deleted 8 days ago, and only it: the young one stays.
      expect(run.spaceIds).toEqual([old.id]);
      expect(await own.services.repos.spaces.findById(old.id)).toBeNull();
      expect(await own.services.repos.spaces.findById(young.id)).not.toBeNull();
    } finally {
      await own.close();
      // Closing the server stopped the purge's interval (the only one it faked).
      expect(vi.getTimerCount()).toBe(0);
      vi.useRealTimers();
    }
  });
});
