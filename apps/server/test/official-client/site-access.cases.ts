/**
 * The official client drives who reaches a site: share links (create 201, list, update,
 * delete 204), visitor authentication (get, update, regenerate), the adaptive schema (get,
 * put, template conditions) and the published view, for a member and for an anonymous
 * visitor with a share key.
 */
import { SiteVisibility } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('site access', () => {
  it('createSiteShareLink, listSiteShareLinks, updateSiteShareLinkById, getPublishedContentSite, deleteSiteShareLinkById', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Guides' });
    const client = officialClient(server.url, org.admin.token);
    const orgId = org.organization.id;
    const { data: site } = await client.api.orgs.createSite(orgId, {
      title: 'Partner docs',
      visibility: SiteVisibility.ShareLink,
      spaces: [space.id],
    });
    await client.api.orgs.publishSite(orgId, site.id);

    const { data: link } = await client.api.orgs.createSiteShareLink(orgId, site.id, { name: 'Partners' });
    expectConforms(client.last(), 'createSiteShareLink', 201);
    expect(link).toMatchObject({ object: 'share-link', name: 'Partners', active: true });
    const { data: list } = await client.api.orgs.listSiteShareLinks(orgId, site.id, { limit: 10 });
    expectConforms(client.last(), 'listSiteShareLinks', 200);
    expect(list.items.map((item) => item.id)).toEqual([link.id]);

    const shareKey = link.urls.published!.split('/').at(-2)!;
    const visitor = officialClient(server.url);
    const { data: view } = await visitor.api.orgs.getPublishedContentSite(orgId, site.id, { shareKey });
    expectConforms(visitor.last(), 'getPublishedContentSite', 200);
    expect(view.structure.type).toBe('siteSpaces');
    const { data: asMember } = await client.api.orgs.getPublishedContentSite(orgId, site.id);
    expectConforms(client.last(), 'getPublishedContentSite', 200);
    expect(asMember.site).toMatchObject({ permissions: { admin: true } });

    const { data: off } = await client.api.orgs.updateSiteShareLinkById(orgId, site.id, link.id, {
      active: false,
    });
    expectConforms(client.last(), 'updateSiteShareLinkById', 200);
    expect(off.active).toBe(false);
    await expect(visitor.api.orgs.getPublishedContentSite(orgId, site.id, { shareKey })).rejects.toThrow();
    expectConforms(visitor.last(), 'getPublishedContentSite', 404);

    await client.api.orgs.deleteSiteShareLinkById(orgId, site.id, link.id);
    expectConforms(client.last(), 'deleteSiteShareLinkById', 204);
  });

  it('getSitePublishingAuthById, updateSitePublishingAuthById, regenerateSitePublishingAuthById', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const client = officialClient(server.url, org.admin.token);
    const orgId = org.organization.id;
    const { data: site } = await client.api.orgs.createSite(orgId, { title: 'Private docs' });
    const { data: auth } = await client.api.orgs.getSitePublishingAuthById(orgId, site.id);
    expectConforms(client.last(), 'getSitePublishingAuthById', 200);
    const { data: changed } = await client.api.orgs.updateSitePublishingAuthById(orgId, site.id, {
      backend: 'custom',
      fallbackURL: 'https://example.com/login',
    });
    expectConforms(client.last(), 'updateSitePublishingAuthById', 200);
    expect(changed.fallbackURL).toBe('https://example.com/login');
    const { data: regenerated } = await client.api.orgs.regenerateSitePublishingAuthById(orgId, site.id);
    expectConforms(client.last(), 'regenerateSitePublishingAuthById', 200);
    expect(regenerated.privateKey).not.toBe(auth.privateKey);
  });

  it('getSiteAdaptiveSchema, updateSiteAdaptiveSchema, listSiteAdaptiveTemplateConditions', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const client = officialClient(server.url, org.admin.token);
    const orgId = org.organization.id;
    const { data: site } = await client.api.orgs.createSite(orgId, { title: 'Adaptive docs' });
    await client.api.orgs.getSiteAdaptiveSchema(orgId, site.id);
    expectConforms(client.last(), 'getSiteAdaptiveSchema', 200);
    const { data: updated } = await client.api.orgs.updateSiteAdaptiveSchema(orgId, site.id, {
      jsonSchema: {
        type: 'object',
        properties: {
          beta: { type: 'boolean', description: 'Beta tester' },
          unsigned: {
            type: 'object',
            description: 'Unsigned claims of the site visitor.',
            properties: { staff: { type: 'boolean', description: 'Staff' } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    });
    expectConforms(client.last(), 'updateSiteAdaptiveSchema', 200);
    expect(Object.keys(updated.jsonSchema.properties)).toEqual(['beta', 'unsigned']);
    const { data: templates } = await client.api.orgs.listSiteAdaptiveTemplateConditions(orgId, site.id);
    expectConforms(client.last(), 'listSiteAdaptiveTemplateConditions', 200);
    expect(templates.items.length).toBeGreaterThan(0);
  });
});
