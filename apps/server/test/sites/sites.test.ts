/**
 * Sites through real HTTP: list with its filters and paging, create (with spaces, a new
 * space, or none), get, change the settings, publish and unpublish, delete; the organization
 * roles that may do each; racing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sitesPath = (org: TestOrganization) => `/v1/orgs/${org.organization.id}/sites`;
const sitePath = (org: TestOrganization, siteId: string) => `${sitesPath(org)}/${siteId}`;

async function createSite(org: TestOrganization, body: Record<string, unknown> = {}) {
  const response = await server.api(sitesPath(org), { method: 'POST', token: org.admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

describe('POST ORG/sites', () => {
  it('creates an unpublished basic site with the Site shape', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Guides' });
    const site = await createSite(org, { title: 'Developer docs', spaces: [space.id, space.id] });
    expect(site).toEqual({
      object: 'site',
      id: site.id,
      type: 'basic',
      title: 'Developer docs',
      visibility: 'public',
      published: false,
      siteSpaces: 1,
      defaultSpace: space.id,
      features: [],
      createdAt: server.clock.now().toISOString(),
      adaptiveContent: { enabled: false },
      agentsContext: 'included',
      permissions: {
        view: true,
        access: true,
        edit: true,
        create: true,
        admin: true,
        installIntegration: true,
        viewAdaptiveSchema: true,
        editAdaptiveSchema: true,
      },
      urls: {
        location: `http://quire.test/v1/orgs/${org.organization.id}/sites/${site.id}`,
        app: `http://app.quire.test/o/${org.organization.id}/sites/${site.id}`,
      },
    });
    const again = await server.api(sitePath(org, site.id), { token: org.admin.token });
    expect(again.body).toEqual(site);
  });

  it("creates a new space for the site with 'empty' and a filled one with 'sample'", async () => {
    const org = await createOrganization(server);
    const empty = await createSite(org, { title: 'Handbook', spaces: 'empty' });
    expect(empty.siteSpaces).toBe(1);
    const sample = await createSite(org, { title: 'Sample', spaces: 'sample' });
    expect(sample.siteSpaces).toBe(1);
    const spaces = await server.api(`/v1/orgs/${org.organization.id}/spaces`, { token: org.admin.token });
    expect(spaces.body.items.map((space: { title: string }) => space.title).sort()).toEqual([
      'Handbook',
      'Sample',
    ]);
  });

  it('refuses spaces of another organization (400 naming spaces) and unknown ones (404), creating nothing', async () => {
    const org = await createOrganization(server);
    // The admin of both organizations sees the other's space but may not publish it here.
    const other = await createOrganization(server, { owner: org.admin });
    const foreign = await createSpace(server, other, {});
    const ownSpace = await createSpace(server, org, {});
    const refused = await server.api(sitesPath(org), {
      method: 'POST',
      token: org.admin.token,
      body: { title: 'Mixed', spaces: [ownSpace.id, foreign.id] },
    });
    expectFieldError(refused, 'spaces');
    const outsider = await createOrganization(server);
    const hidden = await createSpace(server, outsider, {});
    expectError(
      await server.api(sitesPath(org), {
        method: 'POST',
        token: org.admin.token,
        body: { spaces: [hidden.id] },
      }),
      404,
    );
    const unknown = await server.api(sitesPath(org), {
      method: 'POST',
      token: org.admin.token,
      body: { spaces: ['nope'] },
    });
    expectError(unknown, 404);
    const list = await server.api(sitesPath(org), { token: org.admin.token });
    expect(list.body.count).toBe(0);
  });

  it('lets only organization admins create sites', async () => {
    const org = await createOrganization(server);
    const creator = await addMember(server, org.organization.id, 'create');
    const outsider = await createOrganization(server);
    expectError(await server.api(sitesPath(org), { method: 'POST', token: creator.token, body: {} }), 403);
    expectError(
      await server.api(sitesPath(org), { method: 'POST', token: outsider.admin.token, body: {} }),
      404,
    );
    expect((await server.api(sitesPath(org), { token: org.admin.token })).body.count).toBe(0);
  });

  it('names the field of bad input', async () => {
    const org = await createOrganization(server);
    for (const [body, field] of [
      [{ title: 'x' }, 'title'],
      [{ title: 'x'.repeat(129) }, 'title'],
      [{ visibility: 'secret' }, 'visibility'],
      [{ type: 'gold' }, 'type'],
      [{ spaces: 'full' }, 'spaces'],
      [{ spaces: [{ $gt: '' }] }, 'spaces.0'],
      [{ extra: true }, 'extra'],
    ] as const) {
      expectFieldError(
        await server.api(sitesPath(org), { method: 'POST', token: org.admin.token, body }),
        field,
      );
    }
  });
});

describe('GET ORG/sites', () => {
  it('filters by space, title and published, and pages', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org, {});
    const withSpace = await createSite(org, { title: 'API reference', spaces: [space.id] });
    const other = await createSite(org, { title: 'Handbook' });
    await server.api(`${sitePath(org, other.id)}/publish`, { method: 'POST', token: org.admin.token });
    const list = async (query: string) =>
      (await server.api(`${sitesPath(org)}${query}`, { token: org.admin.token })).body.items.map(
        (site: { id: string }) => site.id,
      );
    expect(await list('')).toEqual([withSpace.id, other.id]);
    expect(await list(`?space=${space.id}`)).toEqual([withSpace.id]);
    expect(await list('?title=REFER')).toEqual([withSpace.id]);
    expect(await list('?title=.*')).toEqual([]);
    expect(await list('?published=true')).toEqual([other.id]);
    expect(await list('?published=false')).toEqual([withSpace.id]);
    const walked = await walkPages(server, `${sitesPath(org)}?limit=1`, org.admin.token);
    expect(walked.items.map((site: { id: string }) => site.id)).toEqual([withSpace.id, other.id]);
    expectFieldError(
      await server.api(`${sitesPath(org)}?published=maybe`, { token: org.admin.token }),
      'published',
    );
  });

  it('shows sites to members with a role, none to guests, and 404 to outsiders', async () => {
    const org = await createOrganization(server);
    await createSite(org, { title: 'Docs' });
    const reader = await addMember(server, org.organization.id, 'read');
    const guest = await addMember(server, org.organization.id, null);
    const outsider = await createOrganization(server);
    const readerView = await server.api(sitesPath(org), { token: reader.token });
    expect(readerView.body.count).toBe(1);
    expect(readerView.body.items[0].permissions).toMatchObject({ view: true, create: false, admin: false });
    expect((await server.api(sitesPath(org), { token: guest.token })).body).toEqual({ items: [], count: 0 });
    expectError(await server.api(sitesPath(org), { token: outsider.admin.token }), 404);
  });
});

describe('GET, PATCH, DELETE SITE', () => {
  it('changes every setting, and null removes the proxy', async () => {
    const org = await createOrganization(server);
    const site = await createSite(org, { title: 'Docs' });
    const patch = (body: Record<string, unknown>) =>
      server.api(sitePath(org, site.id), { method: 'PATCH', token: org.admin.token, body });
    const changed = await patch({
      title: 'Public docs',
      visibility: 'share-link',
      basename: 'docs',
      agentsContext: 'excluded',
      adaptiveContent: { enabled: true },
      proxy: 'example.com/docs',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      title: 'Public docs',
      visibility: 'share-link',
      basename: 'docs',
      agentsContext: 'excluded',
      adaptiveContent: { enabled: true },
      proxy: {
        origin: 'example.com/docs',
        target: `http://app.quire.test/~sites/${org.organization.id}/docs/`,
      },
    });
    expect(changed.body.urls.published).toBeUndefined();
    const published = await server.api(`${sitePath(org, site.id)}/publish`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect(published.body.urls.published).toBe('https://example.com/docs/');
    const unproxied = await patch({ proxy: null });
    expect(unproxied.body.proxy).toBeUndefined();
    expect(unproxied.body.urls.published).toBe(`http://app.quire.test/~sites/${org.organization.id}/docs/`);
    expect(unproxied.body.published).toBe(true);
    const untouched = await patch({});
    expect(untouched.body).toEqual(unproxied.body);
  });

  it('sets the default site space of the root, and refuses one that is not in the site', async () => {
    const org = await createOrganization(server);
    const first = await createSpace(server, org, { title: 'One' });
    const second = await createSpace(server, org, { title: 'Two' });
    const site = await createSite(org, { spaces: [first.id, second.id] });
    const siteSpaces = await server.api(`${sitePath(org, site.id)}/site-spaces`, { token: org.admin.token });
    const patch = (body: Record<string, unknown>) =>
      server.api(sitePath(org, site.id), { method: 'PATCH', token: org.admin.token, body });
    if (siteSpaces.status === 200) {
      const secondSiteSpace = siteSpaces.body.items.find(
        (item: { space: { id: string } }) => item.space.id === second.id,
      );
      expect((await patch({ defaultSiteSpace: secondSiteSpace.id })).status).toBe(200);
      const after = await server.api(`${sitePath(org, site.id)}/site-spaces?default=true`, {
        token: org.admin.token,
      });
      expect(after.body.items.map((item: { id: string }) => item.id)).toEqual([secondSiteSpace.id]);
    }
    expectFieldError(await patch({ defaultSiteSpace: 'unknown' }), 'defaultSiteSpace');
    expectFieldError(await patch({ defaultSiteSection: 'unknown' }), 'defaultSiteSection');
  });

  it('names the field of bad settings and changes nothing', async () => {
    const org = await createOrganization(server);
    const site = await createSite(org, { title: 'Docs' });
    for (const [body, field] of [
      [{ title: 'D' }, 'title'],
      [{ basename: '' }, 'basename'],
      [{ basename: 'a/b' }, 'basename'],
      [{ basename: 'x'.repeat(101) }, 'basename'],
      [{ proxy: 'not a proxy' }, 'proxy'],
      [{ proxy: 'example.com' }, 'proxy'],
      [{ agentsContext: 'maybe' }, 'agentsContext'],
      [{ adaptiveContent: { enabled: 'yes' } }, 'adaptiveContent.enabled'],
      [{ visibility: 'private' }, 'visibility'],
    ] as const) {
      expectFieldError(
        await server.api(sitePath(org, site.id), { method: 'PATCH', token: org.admin.token, body }),
        field,
      );
    }
    expect((await server.api(sitePath(org, site.id), { token: org.admin.token })).body).toEqual(site);
  });

  it('lets admins alone change, publish and delete; readers read; others get 404', async () => {
    const org = await createOrganization(server);
    const site = await createSite(org, { title: 'Docs' });
    const creator = await addMember(server, org.organization.id, 'create');
    const guest = await addMember(server, org.organization.id, null);
    const outsider = await createOrganization(server);
    expect((await server.api(sitePath(org, site.id), { token: creator.token })).status).toBe(200);
    for (const [method, suffix, body] of [
      ['PATCH', '', { title: 'Mine now' }],
      ['POST', '/publish', undefined],
      ['POST', '/unpublish', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const path = sitePath(org, site.id) + suffix;
      expectError(await server.api(path, { method, token: creator.token, ...(body ? { body } : {}) }), 403);
      expectError(await server.api(path, { method, token: guest.token, ...(body ? { body } : {}) }), 404);
      expectError(
        await server.api(path, { method, token: outsider.admin.token, ...(body ? { body } : {}) }),
        404,
      );
    }
    // The same site under another organization's path is not found, even for its admin.
    expectError(await server.api(sitePath(outsider, site.id), { token: outsider.admin.token }), 404);
    expect((await server.api(sitePath(org, site.id), { token: org.admin.token })).body).toEqual(site);
  });

  it('publishes and unpublishes; deleting answers 204, also when already gone', async () => {
    const org = await createOrganization(server);
    const site = await createSite(org, { title: 'Docs' });
    const published = await server.api(`${sitePath(org, site.id)}/publish`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect(published.body.published).toBe(true);
    const unpublished = await server.api(`${sitePath(org, site.id)}/unpublish`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect(unpublished.body.published).toBe(false);
    const removed = await server.api(sitePath(org, site.id), { method: 'DELETE', token: org.admin.token });
    expect(removed.status).toBe(204);
    const again = await server.api(sitePath(org, site.id), { method: 'DELETE', token: org.admin.token });
    expect(again.status).toBe(204);
    expectError(await server.api(sitePath(org, site.id), { token: org.admin.token }), 404);
  });

  it('keeps both of two racing changes', async () => {
    const org = await createOrganization(server);
    const site = await createSite(org, { title: 'Docs' });
    const patch = (body: Record<string, unknown>) =>
      server.api(sitePath(org, site.id), { method: 'PATCH', token: org.admin.token, body });
    const results = await Promise.all([
      patch({ title: 'Raced title' }),
      patch({ basename: 'raced' }),
      server.api(`${sitePath(org, site.id)}/publish`, { method: 'POST', token: org.admin.token }),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    const after = await server.api(sitePath(org, site.id), { token: org.admin.token });
    expect(after.body).toMatchObject({ title: 'Raced title', basename: 'raced', published: true });
  });
});

describe('defaults of a site', () => {
  it('stay where they are when sections and site spaces are reordered, and move on only when deleted', async () => {
    const org = await createOrganization(server);
    const one = await createSpace(server, org, { title: 'One' });
    const two = await createSpace(server, org, { title: 'Two' });
    const three = await createSpace(server, org, { title: 'Three' });
    const site = await createSite(org, { title: 'Docs', spaces: [one.id, two.id] });
    const path = sitePath(org, site.id);
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', suffix: string, body?: unknown) =>
      server.api(path + suffix, { method, token: org.admin.token, ...(body ? { body } : {}) });
    const defaultIds = async (suffix: string) =>
      (await call('GET', suffix)).body.items
        .filter((item: { default: boolean }) => item.default)
        .map((item: { id: string }) => item.id);

    const rootSpaces = (await call('GET', '/site-spaces')).body.items as Array<{ id: string }>;
    const [first, second] = rootSpaces.map((item) => item.id);
    // Reordering the root's site spaces keeps the first one the default.
    expect(
      (
        await call('PATCH', '/structure/sort', {
          item: { type: 'site-space', id: second },
          position: { before: { type: 'site-space', id: first } },
        })
      ).status,
    ).toBe(200);
    expect(await defaultIds('/site-spaces')).toEqual([first]);

    const added = await call('POST', '/sections', { spaceId: three.id, title: 'Reference' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const sections = (await call('GET', '/sections')).body.items as Array<{ id: string; default: boolean }>;
    const wrapper = sections.find((section) => section.id !== added.body.id)!;
    expect(wrapper.default).toBe(true);
    const sorted = await call('PATCH', '/structure/sort', {
      item: { type: 'site-section', id: added.body.id },
      position: { before: { type: 'site-section', id: wrapper.id } },
    });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    expect(await defaultIds('/sections')).toEqual([wrapper.id]);

    expect((await call('DELETE', `/sections/${wrapper.id}`)).status).toBe(204);
    expect(await defaultIds('/sections')).toEqual([added.body.id]);
  });
});
