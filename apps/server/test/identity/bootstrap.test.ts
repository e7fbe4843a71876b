import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeDataDir, startServerOn } from '../support/data-dir-server';

const BOOTSTRAP_TOKEN = 'bootstrap-token-for-tests-0123456789';

let dataDir: string;
beforeAll(async () => {
  dataDir = await makeDataDir();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('first start with QUIRE_BOOTSTRAP_TOKEN', () => {
  it('creates an administrator holding the token, and the organization QUIRE_BOOTSTRAP_ORG', async () => {
    const server = await startServerOn(dataDir, {
      QUIRE_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN,
      QUIRE_BOOTSTRAP_ORG: 'Acme Docs',
    });
    try {
      const me = await call(server, '/v1/user', BOOTSTRAP_TOKEN);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        object: 'user',
        displayName: 'Administrator',
        email: 'admin@localhost',
      });

      const users = await call(server, '/admin/users', BOOTSTRAP_TOKEN);
      expect(users.status).toBe(200);
      expect(users.body.count).toBe(1);
      expect(users.body.items[0].isInstanceAdmin).toBe(true);

      const orgs = await call(server, '/v1/orgs', BOOTSTRAP_TOKEN);
      expect(orgs.status).toBe(200);
      expect(orgs.body.items.map((o: { title: string }) => o.title)).toEqual(['Acme Docs']);

      const tokens = await call(server, `/admin/users/${me.body.id}/tokens`, BOOTSTRAP_TOKEN);
      expect(tokens.body.items).toEqual([expect.objectContaining({ name: 'bootstrap' })]);
      expect(JSON.stringify(tokens.body)).not.toContain(BOOTSTRAP_TOKEN);

      // ...and a docs site to read: a public site showing a "Getting started" space, published.
      const organizationId = orgs.body.items[0].id;
      const sites = await call(server, `/v1/orgs/${organizationId}/sites`, BOOTSTRAP_TOKEN);
      expect(sites.body.items).toEqual([
        expect.objectContaining({
          title: 'Docs',
          visibility: 'public',
          urls: expect.objectContaining({ published: server.welcomeSiteUrl }),
        }),
      ]);
      const spaces = await call(server, `/v1/orgs/${organizationId}/spaces`, BOOTSTRAP_TOKEN);
      expect(spaces.body.items.map((space: { title: string }) => space.title)).toEqual(['Getting started']);
      const sitePath = new URL(server.welcomeSiteUrl ?? '').pathname;
      expect(sitePath).toBe(`/~sites/${organizationId}/docs/`);
      const home = await fetch(`${server.url}${sitePath}`, { redirect: 'follow' });
      expect(home.status).toBe(200);
      const homeHtml = await home.text();
      expect(homeHtml).toContain('Welcome to Quire');
      expect(homeHtml).toContain('Publish a site');
      // GitBook's blocks came through as blocks, not as literal tags.
      const writing = await (await fetch(`${server.url}${sitePath}write-pages`)).text();
      expect(writing).toContain('Git Sync');
      expect(writing).not.toContain('{% tab');
    } finally {
      await server.close();
    }
  });

  it('does nothing on later starts over the same store, even with another token or title', async () => {
    const server = await startServerOn(dataDir, {
      QUIRE_BOOTSTRAP_TOKEN: 'another-bootstrap-token-0123456789',
      QUIRE_BOOTSTRAP_ORG: 'Second Org',
    });
    try {
      expect((await call(server, '/v1/user', 'another-bootstrap-token-0123456789')).status).toBe(401);
      const users = await call(server, '/admin/users', BOOTSTRAP_TOKEN);
      expect(users.body.count).toBe(1);
      const orgs = await call(server, '/v1/orgs', BOOTSTRAP_TOKEN);
      expect(orgs.body.items.map((o: { title: string }) => o.title)).toEqual(['Acme Docs']);
    } finally {
      await server.close();
    }
  });

  it('does nothing without QUIRE_BOOTSTRAP_TOKEN', async () => {
    const emptyDir = await makeDataDir();
    const server = await startServerOn(emptyDir);
    try {
      expect(await server.services.repos.users.count()).toBe(0);
    } finally {
      await server.close();
      await rm(emptyDir, { recursive: true, force: true });
    }
  });
});
