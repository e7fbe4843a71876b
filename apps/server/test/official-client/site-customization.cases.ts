/**
 * The official client drives a site's customization: read (GitBook's defaults), replaced
 * with what was read and changed, a site space's overrides set, read and removed (205), each
 * answer validated against the client's document.
 */
import { describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('site customization', () => {
  it('getSiteCustomizationById, updateSiteCustomizationById, getSiteSpaceCustomizationById, overrideSiteSpaceCustomizationById, deleteSiteSpaceCustomizationById', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Guides' });
    const client = officialClient(server.url, org.admin.token);
    const orgId = org.organization.id;
    const { data: site } = await client.api.orgs.createSite(orgId, {
      title: 'Branded docs',
      spaces: [space.id],
    });

    const { data: defaults } = await client.api.orgs.getSiteCustomizationById(orgId, site.id);
    expectConforms(client.last(), 'getSiteCustomizationById', 200);
    const { data: changed } = await client.api.orgs.updateSiteCustomizationById(orgId, site.id, {
      ...defaults,
      title: 'Acme',
      styling: { ...defaults.styling, theme: 'bold' as typeof defaults.styling.theme },
    });
    expectConforms(client.last(), 'updateSiteCustomizationById', 200);
    expect(changed).toMatchObject({ title: 'Acme', styling: { theme: 'bold' } });

    const { data: siteSpaces } = await client.api.orgs.listSiteSpaces(orgId, site.id);
    const siteSpaceId = siteSpaces.items[0]!.id;
    await client.api.orgs.overrideSiteSpaceCustomizationById(orgId, site.id, siteSpaceId, {
      title: 'Guides',
    });
    expectConforms(client.last(), 'overrideSiteSpaceCustomizationById', 200);
    const { data: ofSiteSpace } = await client.api.orgs.getSiteSpaceCustomizationById(
      orgId,
      site.id,
      siteSpaceId,
    );
    expectConforms(client.last(), 'getSiteSpaceCustomizationById', 200);
    expect(ofSiteSpace).toMatchObject({ title: 'Guides', styling: { theme: 'bold' } });
    await client.api.orgs.deleteSiteSpaceCustomizationById(orgId, site.id, siteSpaceId);
    expectConforms(client.last(), 'deleteSiteSpaceCustomizationById', 205);
  });
});
