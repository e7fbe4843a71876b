/**
 * The official client reads what a renderer needs to show a page (issue 28, item 3): a
 * page's document in a revision, a document by id (a reusable content's `document`), a URL
 * as an embed (a file on 127.0.0.1 that is no web page: its card is the URL's own) and a
 * computed document (none in Quire: the client's 404), each answer checked against GitBook's
 * document, and an unknown document arriving as the client's 404.
 */
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { markdownSource } from '../support/markdown-origin';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('page documents', () => {
  it('getPageDocumentInRevisionById, getDocumentById, getEmbedByUrlInSpace, getComputedDocument', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const { api } = client;
    const space = await api.orgs.createSpace(organization.id, { title: 'Handbook' });
    const spaceId = space.data.id;
    const edited = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: admin.token,
      body: {
        changes: [
          { operation: 'insert_page', title: 'Guide', document: { markdown: 'Read **this**.' } },
          {
            operation: 'insert_reusable_content',
            title: 'Warning',
            document: { markdown: 'Back up first.' },
          },
        ],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const pageId = edited.body.changes[0].page.id as string;
    const reusableContentId = edited.body.changes[1].reusableContent as string;
    const revisionId = edited.body.revision as string;

    const document = await api.spaces.getPageDocumentInRevisionById(spaceId, revisionId, pageId, {
      evaluated: true,
    });
    expectConforms(client.last(), 'getPageDocumentInRevisionById', 200);
    expect(JSON.stringify(document.data)).toContain('this');

    const content = await api.spaces.getReusableContentById(spaceId, reusableContentId);
    const documentId = (content.data as { document?: string }).document as string;
    const byId = await api.spaces.getDocumentById(spaceId, documentId);
    expectConforms(client.last(), 'getDocumentById', 200);
    expect(JSON.stringify(byId.data)).toContain('Back up first.');
    await expectClientError(
      client,
      api.spaces.getDocumentById(spaceId, 'no-such-document'),
      'getDocumentById',
      404,
    );

    const { url } = await markdownSource();
    const embed = await api.spaces.getEmbedByUrlInSpace(spaceId, { url });
    expectConforms(client.last(), 'getEmbedByUrlInSpace', 200);
    expect(embed.data).toMatchObject({ type: 'link', title: url, site: new URL(url).host });

    // No content is computed in Quire: every source is the client's 404.
    const computing = api.spaces.getComputedDocument(spaceId, {
      source: {
        type: 'builtin:openapi',
        dependencies: { spec: { ref: { kind: 'openapi', spec: 'api' } } },
        props: { doc: 'models' },
      },
      seed: 'seed',
    } as never);
    await expectClientError(client, computing, 'getComputedDocument', 404);
  });
});
