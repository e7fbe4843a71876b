/**
 * The official client drives the searches, of a space, of an organization and of a site; each
 * response is checked against GitBook's document.
 */
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('search', () => {
  it('of a space and of an organization', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'Handbook' });
    const edit = await server.api(`/v1/spaces/${space.data.id}/content`, {
      method: 'POST',
      token: admin.token,
      body: {
        changes: [
          {
            operation: 'insert_page',
            title: 'Installation',
            document: { markdown: 'Intro.\n\n## Linux\n\nInstall with apt.' },
          },
        ],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    const inSpace = await client.api.spaces.searchSpaceContent(space.data.id, {
      query: 'install',
      limit: 10,
    });
    expectConforms(client.last(), 'searchSpaceContent', 200);
    expect(inSpace.data.items[0]).toMatchObject({ title: 'Installation', path: 'installation' });
    expect(inSpace.data.items[0]?.sections?.[0]).toMatchObject({ id: 'linux', path: 'installation#linux' });

    const inOrganization = await client.api.orgs.searchOrganizationContent(organization.id, {
      query: 'install',
    });
    expectConforms(client.last(), 'searchOrganizationContent', 200);
    expect(inOrganization.data.items).toMatchObject([
      { id: space.data.id, title: 'Handbook', pages: [{ title: 'Installation' }] },
    ]);
  });
  it('of a site, with a scope', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'Guides' });
    const edit = await server.api(`/v1/spaces/${space.data.id}/content`, {
      method: 'POST',
      token: admin.token,
      body: {
        changes: [{ operation: 'insert_page', title: 'Quartz', document: { markdown: 'Quartz clocks.' } }],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const site = await client.api.orgs.createSite(organization.id, {
      title: 'Docs',
      spaces: [space.data.id],
    });

    const found = await client.api.orgs.searchSiteContent(organization.id, site.data.id, {
      query: 'quartz',
      scope: { mode: 'all' },
    });
    expectConforms(client.last(), 'searchSiteContent', 200);
    expect(found.data.items).toMatchObject([
      { id: space.data.id, title: 'Guides', pages: [{ title: 'Quartz' }] },
    ]);
  });
});
