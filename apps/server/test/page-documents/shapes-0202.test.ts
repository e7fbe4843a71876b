/**
 * What a renderer reads to show a page, validated against GitBook's 0.202.0 document (the
 * interface document the official client carries, 0.130.0, lacks some of these or has older
 * shapes): the page document with `evaluated` and `dereferenced`, a document by id, meta
 * links on the current content, a revision and a change request, and an embed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mismatches0202 } from '../official-client/openapi-spec-0202';
import { createOrganization } from '../support/factories';
import { markdownSource } from '../support/markdown-origin';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(() => server.close());

describe("GitBook 0.202.0's shapes", () => {
  it('of the page document, a document by id, meta links and an embed', async () => {
    const org = await createOrganization(server);
    const token = org.admin.token;
    const read = async (path: string, operationId: string) => {
      const response = await server.api(path, { token });
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(mismatches0202(operationId, 200, response.body), path).toEqual([]);
      return response.body;
    };
    const space = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
      method: 'POST',
      token,
      body: { title: 'Docs' },
    });
    const spaceId = space.body.id as string;
    const note = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token,
      body: {
        changes: [
          { operation: 'insert_reusable_content', title: 'Note', document: { markdown: 'Back up.\n' } },
          { operation: 'update_variables', variables: { version: '2.1' } },
        ],
      },
    });
    const reusableContentId = note.body.changes[0].reusableContent as string;
    const edited = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token,
      body: {
        changes: [
          {
            operation: 'insert_page',
            title: 'Guide',
            document: {
              markdown: `{% hint style="info" %}\nVersion {{ space.vars.version }}.\n{% endhint %}\n\n{% include "/reusable-contents/${reusableContentId}" %}\n\n| a | b |\n| - | - |\n| 1 | 2 |\n`,
            },
          },
        ],
      },
    });
    const pageId = edited.body.changes[0].page.id as string;
    const revisionId = edited.body.revision as string;
    const page = `/v1/spaces/${spaceId}/revisions/${revisionId}/page/${pageId}`;
    for (const query of [
      '',
      '?evaluated=deterministic-only',
      '?evaluated=true&dereferenced=reusable-contents',
    ])
      await read(`${page}/document${query}`, 'getPageDocumentInRevisionById');
    const { documentId } = (await server.api(page, { token })).body;
    await read(`/v1/spaces/${spaceId}/documents/${documentId}`, 'getDocumentById');

    const changeRequest = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
      method: 'POST',
      token,
      body: { subject: 'Edit' },
    });
    await read(`/v1/spaces/${spaceId}/content/page/${pageId}/meta-links`, 'listSpacePageMetaLinks');
    await read(`${page}/meta-links`, 'listRevisionPageMetaLinks');
    await read(
      `/v1/spaces/${spaceId}/change-requests/${changeRequest.body.id}/content/page/${pageId}/meta-links`,
      'listChangeRequestPageMetaLinks',
    );
    const { url } = await markdownSource();
    await read(`/v1/spaces/${spaceId}/embed?url=${encodeURIComponent(url)}`, 'getEmbedByUrlInSpace');
    // The check bites: an embed without its title, a document without its nodes, do not conform.
    expect(mismatches0202('getEmbedByUrlInSpace', 200, { type: 'link', site: 'x' })).not.toEqual([]);
    expect(mismatches0202('getDocumentById', 200, { object: 'document', data: {} })).not.toEqual([]);
  });
});
