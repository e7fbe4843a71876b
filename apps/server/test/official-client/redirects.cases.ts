/**
 * The official client drives a site's redirects: create (201), list, change, resolve a path,
 * delete (205, then 204 for one already gone), and the 404 of a path no redirect answers.
 * The client's document knows internal destinations and plain sources only: wildcards,
 * external destinations and the bulk change came later (`test/redirects`).
 */
import { describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('site redirects', () => {
  it('createSiteRedirect, listSiteRedirects, updateSiteRedirectById, getSiteRedirectBySource, deleteSiteRedirectById', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const guides = await createSpace(server, org, { title: 'Guides' });
    const api = await createSpace(server, org, { title: 'API' });
    const client = officialClient(server.url, org.admin.token);
    const orgId = org.organization.id;
    const { data: site } = await client.api.orgs.createSite(orgId, { title: 'Docs' });
    const { data: section } = await client.api.orgs.addSectionToSite(orgId, site.id, { spaceId: guides.id });
    const { data: other } = await client.api.orgs.addSectionToSite(orgId, site.id, { spaceId: api.id });
    await client.api.orgs.publishSite(orgId, site.id);

    const { data: created } = await client.api.orgs.createSiteRedirect(orgId, site.id, {
      source: '/old-guides',
      destination: { kind: 'site-section', siteSectionId: section.id },
    });
    expectConforms(client.last(), 'createSiteRedirect', 201);
    expect(created).toMatchObject({ object: 'site-redirect', source: '/old-guides' });

    const { data: listed } = await client.api.orgs.listSiteRedirects(orgId, site.id, { limit: 10 });
    expectConforms(client.last(), 'listSiteRedirects', 200);
    expect(listed.items.map((item) => item.id)).toEqual([created.id]);

    const { data: changed } = await client.api.orgs.updateSiteRedirectById(orgId, site.id, created.id, {
      destination: { kind: 'site-space', siteSpaceId: other.siteSpaces[0]!.id },
    });
    expectConforms(client.last(), 'updateSiteRedirectById', 200);
    expect(changed.destination).toEqual({ kind: 'site-space', siteSpaceId: other.siteSpaces[0]!.id });

    const { data: resolved } = await client.api.orgs.getSiteRedirectBySource(orgId, site.id, {
      source: '/old-guides',
    });
    expectConforms(client.last(), 'getSiteRedirectBySource', 200);
    // The API section's site space, under the site's published address.
    expect(resolved.target).toMatch(new RegExp(`/~sites/${orgId}/${site.id}/${other.path}/$`));
    await expectClientError(
      client,
      client.api.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/never-redirected' }),
      'getSiteRedirectBySource',
      404,
    );

    await client.api.orgs.deleteSiteRedirectById(orgId, site.id, created.id);
    expectConforms(client.last(), 'deleteSiteRedirectById', 205);
    await client.api.orgs.deleteSiteRedirectById(orgId, site.id, created.id);
    expectConforms(client.last(), 'deleteSiteRedirectById', 204);
  });
});
