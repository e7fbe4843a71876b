/**
 * The official client drives the site operations: create (201), list with its filters,
 * read, change the settings, publish and unpublish, delete (204).
 */
import { SiteVisibility } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('sites', () => {
  it('createSite, listSites, getSiteById: a site made from a space, found by its filters', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Guides' });
    const client = officialClient(server.url, org.admin.token);
    const { data: site } = await client.api.orgs.createSite(org.organization.id, {
      title: 'Developer docs',
      visibility: SiteVisibility.Unlisted,
      spaces: [space.id],
    });
    expectConforms(client.last(), 'createSite', 201);
    expect(site).toMatchObject({
      object: 'site',
      title: 'Developer docs',
      visibility: 'unlisted',
      siteSpaces: 1,
    });
    await client.api.orgs.createSite(org.organization.id, { title: 'Handbook' });

    const bySpace = await client.api.orgs.listSites(org.organization.id, { space: space.id, limit: 10 });
    expectConforms(client.last(), 'listSites', 200);
    expect(bySpace.data.items.map((item) => item.id)).toEqual([site.id]);
    const byTitle = await client.api.orgs.listSites(org.organization.id, { title: 'hand', published: false });
    expectConforms(client.last(), 'listSites', 200);
    expect(byTitle.data.items.map((item) => item.title)).toEqual(['Handbook']);

    const { data: again } = await client.api.orgs.getSiteById(org.organization.id, site.id);
    expectConforms(client.last(), 'getSiteById', 200);
    expect(again).toEqual(site);
  });

  it('updateSiteById, publishSite, unpublishSite, deleteSiteById', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const client = officialClient(server.url, org.admin.token);
    const { data: site } = await client.api.orgs.createSite(org.organization.id, { title: 'Docs' });
    const { data: changed } = await client.api.orgs.updateSiteById(org.organization.id, site.id, {
      title: 'Public docs',
      basename: 'docs',
      proxy: 'example.com/docs',
      adaptiveContent: { enabled: true },
    });
    expectConforms(client.last(), 'updateSiteById', 200);
    expect(changed).toMatchObject({
      title: 'Public docs',
      basename: 'docs',
      adaptiveContent: { enabled: true },
    });

    const { data: published } = await client.api.orgs.publishSite(org.organization.id, site.id);
    expectConforms(client.last(), 'publishSite', 200);
    expect(published).toMatchObject({ published: true });
    const { data: unpublished } = await client.api.orgs.unpublishSite(org.organization.id, site.id);
    expectConforms(client.last(), 'unpublishSite', 200);
    expect(unpublished.published).toBe(false);

    await client.api.orgs.deleteSiteById(org.organization.id, site.id);
    expectConforms(client.last(), 'deleteSiteById', 204);
  });
});
