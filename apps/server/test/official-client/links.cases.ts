/**
 * The official client drives the link reports and the file backlinks of a space and of a
 * change request; each response is checked against GitBook's document.
 */
import { ContentReferenceStatus } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { storeFileInSpace } from '../support/stored-file';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('link reports and backlinks', () => {
  it('listSpaceLinks, listChangeRequestLinks, listPageLinksIn*, list*FileBacklinks', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const { api } = client;
    const space = await api.orgs.createSpace(organization.id, { title: 'Linked' });
    const spaceId = space.data.id;
    const file = await storeFileInSpace(server.services, spaceId, {
      name: 'logo.png',
      contentType: 'image/png',
      bytes: Buffer.from('not really a png'),
      dimensions: { width: 16, height: 16 },
    });
    const edit = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: admin.token,
      body: {
        changes: [
          {
            operation: 'insert_page',
            title: 'Home',
            document: {
              markdown: `# Start\n\n![logo](/files/${file.fileId}) [gone](/pages/gone) [start](#start) [out](https://example.com)`,
            },
          },
        ],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const pageId = (edit.body.changes as Array<{ page: { id: string } }>)[0]!.page.id;
    const cr = await api.spaces.createChangeRequest(spaceId, { subject: 'Links' });

    const links = await api.spaces.listSpaceLinks(spaceId);
    expectConforms(client.last(), 'listSpaceLinks', 200);
    expect(links.data.stats).toMatchObject({ total: 4, broken: { total: 1 } });
    await api.spaces.listChangeRequestLinks(spaceId, cr.data.id, { status: ContentReferenceStatus.Broken });
    expectConforms(client.last(), 'listChangeRequestLinks', 200);
    await api.spaces.listPageLinksInSpace(spaceId, pageId);
    expectConforms(client.last(), 'listPageLinksInSpace', 200);
    await api.spaces.listPageLinksInChangeRequest(spaceId, cr.data.id, pageId);
    expectConforms(client.last(), 'listPageLinksInChangeRequest', 200);
    const backlinks = await api.spaces.listSpaceFileBacklinks(spaceId, file.fileId);
    expectConforms(client.last(), 'listSpaceFileBacklinks', 200);
    expect(backlinks.data.items).toHaveLength(1);
    await api.spaces.listChangeRequestFileBacklinks(spaceId, cr.data.id, file.fileId);
    expectConforms(client.last(), 'listChangeRequestFileBacklinks', 200);
  });
});
