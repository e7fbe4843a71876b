/**
 * `GET ORG/spaces/deleted` through real HTTP (an extension of GitBook's API, for the web
 * app's "Recently deleted"): the spaces deleted within the restore window that the caller
 * administers, newest first, page by page; not those past the window, not live ones, not
 * those the caller may not restore; 404 for someone outside the organization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace, grant } from '../support/content';
import { expectError, walkPages } from '../support/expectations';
import { addMember, createOrganization, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the deleted spaces of an organization', () => {
  it('lists what the caller can still restore, newest first, page by page', async () => {
    const org = await createOrganization(server);
    const path = `/v1/orgs/${org.organization.id}/spaces/deleted`;
    const [old, first, second, third, live] = await Promise.all(
      ['Old', 'First', 'Second', 'Third', 'Live'].map((title) => createSpace(server, org, { title })),
    );
    const remove = (spaceId: string) =>
      server.api(`/v1/spaces/${spaceId}`, { method: 'DELETE', token: org.admin.token });
    expect((await remove(old!.id)).status).toBe(204);
    server.clock.advance(8 * DAY_MS);
    for (const space of [first!, second!, third!]) expect((await remove(space.id)).status).toBe(204);
    expect(live).toBeDefined();

    const { items, pages, counts } = await walkPages(server, `${path}?limit=2`, org.admin.token);
    expect(items.map((space) => space.title)).toEqual(['Third', 'Second', 'First']);
    expect(pages).toBe(2);
    expect(counts[0]).toBeGreaterThanOrEqual(3);
    expect(items[0]).toMatchObject({ object: 'space', deletedAt: expect.any(String) });

    // One of them restored: no longer listed.
    expect(
      (await server.api(`/v1/spaces/${third!.id}/restore`, { method: 'POST', token: org.admin.token }))
        .status,
    ).toBe(200);
    const after = await server.api(path, { token: org.admin.token });
    expect(after.body.items.map((space: { title: string }) => space.title)).toEqual(['Second', 'First']);
    expect(after.body.count).toBe(2);
  });

  it('shows a member only the spaces they administer, and nothing to outsiders', async () => {
    const org = await createOrganization(server);
    const path = `/v1/orgs/${org.organization.id}/spaces/deleted`;
    const member = await addMember(server, org.organization.id, 'read');
    const [theirs, others] = await Promise.all([
      createSpace(server, org, { title: 'Theirs' }),
      createSpace(server, org, { title: 'Others' }),
    ]);
    await grant(server, org, { kind: 'space', id: theirs.id }, { role: 'admin', users: [member.user.id] });
    for (const space of [theirs, others])
      await server.api(`/v1/spaces/${space.id}`, { method: 'DELETE', token: org.admin.token });

    const seen = await server.api(path, { token: member.token });
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((space: { title: string }) => space.title)).toEqual(['Theirs']);
    expect(seen.body.count).toBe(1);

    const outsider = await createUser(server);
    expectError(await server.api(path, { token: outsider.token }), 404);
    expectError(await server.api(`${path}?page=not-a-cursor`, { token: org.admin.token }), 400);
  });
});
