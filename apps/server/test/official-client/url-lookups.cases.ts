/**
 * The official client resolves published URLs (`resolvePublishedContentByUrl`) as GitBook's
 * renderer does, with no credential: a site's address to its default section and site space
 * with a site API token, a section's site space by path, and a 404 for a URL where no site
 * is; then reads the space with the token it got. Each answer checked against the document.
 */
import { describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('url lookups', () => {
  it('resolvePublishedContentByUrl, getContentByUrl, then getSpaceById with the site API token', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Guides' });
    const member = officialClient(server.url, org.admin.token);
    const orgId = org.organization.id;
    const { data: site } = await member.api.orgs.createSite(orgId, { title: 'Guides', spaces: [space.id] });
    await member.api.orgs.publishSite(orgId, site.id);

    const renderer = officialClient(server.url);
    const url = `${server.services.urls.app}/~sites/${orgId}/${site.id}/getting-started`;
    const { data } = await renderer.api.urls.resolvePublishedContentByUrl({
      url,
      visitor: { unsignedClaims: { plan: 'free' } },
    });
    expectConforms(renderer.last(), 'resolvePublishedContentByUrl', 200);
    expect(data).toMatchObject({ site: site.id, space: space.id, pathname: 'getting-started' });
    if (!('apiToken' in data)) throw new Error('the lookup answered a redirect');

    await expect(
      renderer.api.urls.resolvePublishedContentByUrl({ url: 'https://nowhere.example.com/docs' }),
    ).rejects.toThrow();
    expectConforms(renderer.last(), 'resolvePublishedContentByUrl', 404);

    const { data: content } = await member.api.urls.getContentByUrl({
      url: `${server.services.urls.app}/o/${orgId}/s/${space.id}`,
    });
    expectConforms(member.last(), 'getContentByUrl', 200);
    expect(content).toMatchObject({ space: { id: space.id } });

    const reader = officialClient(server.url, data.apiToken);
    const { data: read } = await reader.api.spaces.getSpaceById(space.id);
    expectConforms(reader.last(), 'getSpaceById', 200);
    expect(read.id).toBe(space.id);
  });
});
