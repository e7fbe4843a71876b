/**
 * Stored documents through real HTTP (issue 28, item 3's target): a page's document is the
 * conversion of its body, whether read before or after it was derived and stored; the write
 * path derives it after an edit (the warm-up), a read derives what is missing; a rewritten
 * body is a new document; a stored document is served to no one the page is hidden from.
 */

import { markdownToDocument } from '@quire/documents';
import { documentAddressOf } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let org: TestOrganization;
let spaceId: string;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  const space = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Docs' },
  });
  spaceId = space.body.id;
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

/** One of each of GitBook's blocks (the stored text is what the conversion reads). */
const EVERY_BLOCK = [
  '# Install\n\nText with **bold**, _italic_, `code` and a [link](https://example.com).',
  '* one\n  * nested\n\n1. first\n\n- [x] done',
  '> Quoted.\n\n***',
  '{% code title="run.sh" %}\n```bash\necho run\n```\n{% endcode %}',
  '{% hint style="warning" %}\nMind this.\n{% endhint %}',
  '{% tabs %}\n{% tab title="npm" %}\nFirst.\n{% endtab %}\n{% endtabs %}',
  '<details>\n\n<summary>More</summary>\n\nDetails.\n\n</details>',
  '{% stepper %}\n{% step %}\n### Step\n\nDo it.\n{% endstep %}\n{% endstepper %}',
  '| Name | Value |\n| ---- | ----- |\n| a | 1 |',
  '{% embed url="https://example.com/video" %}',
  '$$\nx = \\frac{a}{b}\n$$',
  'A note[^1].\n\n[^1]: The note.',
].join('\n\n');

async function edit(changes: unknown[]): Promise<Json> {
  const response = await server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: { changes },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** The page as its revision has it: its stored markdown and its documentId. */
async function pageOf(revisionId: string, pageId: string): Promise<{ markdown: string; documentId: string }> {
  const base = `/v1/spaces/${spaceId}/revisions/${revisionId}/page/${pageId}`;
  const withId = await server.api(base, { token: org.admin.token });
  const asMarkdown = await server.api(`${base}?format=markdown`, { token: org.admin.token });
  expect(withId.status).toBe(200);
  expect(asMarkdown.status).toBe(200);
  return { markdown: asMarkdown.body.markdown, documentId: withId.body.documentId };
}

const storedDocument = async (bodyAddress: string): Promise<unknown> => {
  const object = (await server.services.repos.contentObjects.getMany([documentAddressOf(bodyAddress)])).get(
    documentAddressOf(bodyAddress),
  );
  return object?.kind === 'document' ? JSON.parse(object.json) : undefined;
};

describe('stored page documents', () => {
  it('answer the conversion of the body for every block, derived by the write path and stored', async () => {
    const made = await edit([
      { operation: 'insert_page', title: 'Guide', document: { markdown: EVERY_BLOCK } },
    ]);
    const pageId = made.changes[0].page.id as string;
    const { markdown, documentId } = await pageOf(made.revision, pageId);
    const expected = markdownToDocument(markdown);
    // The warm-up after the edit derives and stores it, no read needed.
    await vi.waitFor(async () => expect(await storedDocument(documentId)).toEqual(expected), {
      timeout: 30_000,
      interval: 50,
    });
    const read = await server.api(
      `/v1/spaces/${spaceId}/revisions/${made.revision}/page/${pageId}/document`,
      {
        token: org.admin.token,
      },
    );
    expect(read.status).toBe(200);
    expect(read.body).toEqual(expected);
    const byId = await server.api(`/v1/spaces/${spaceId}/documents/${documentId}`, {
      token: org.admin.token,
    });
    expect(byId.body).toEqual(expected);
  });

  it("give a rewritten body a new document; the old id is no longer the space's", async () => {
    const made = await edit([
      { operation: 'insert_page', title: 'Setup', document: { markdown: 'Run it.\n' } },
    ]);
    const pageId = made.changes[0].page.id as string;
    const before = await pageOf(made.revision, pageId);
    const rewritten = await edit([
      { operation: 'update_page', page: pageId, document: { markdown: 'Run it twice.\n' } },
    ]);
    const after = await pageOf(rewritten.revision, pageId);
    expect(after.documentId).not.toBe(before.documentId);
    const read = await server.api(`/v1/spaces/${spaceId}/documents/${after.documentId}`, {
      token: org.admin.token,
    });
    expect(read.body).toEqual(markdownToDocument('Run it twice.\n'));
    // Stored by the write path's warm-up (a job thread, after the edit's answer): a read may be
    // served from the tree kept in memory before it lands, so the store is waited for.
    await vi.waitFor(
      async () =>
        expect(await storedDocument(after.documentId)).toEqual(markdownToDocument('Run it twice.\n')),
      { timeout: 30_000, interval: 50 },
    );
    // The old revision's page still reads its own text.
    const old = await server.api(`/v1/spaces/${spaceId}/revisions/${made.revision}/page/${pageId}/document`, {
      token: org.admin.token,
    });
    expect(old.body).toEqual(markdownToDocument('Run it.\n'));
    const gone = await server.api(`/v1/spaces/${spaceId}/documents/${before.documentId}`, {
      token: org.admin.token,
    });
    expect(gone.status).toBe(404);
  });

  it('are served to no one the page is hidden from, stored or not', async () => {
    const made = await edit([
      { operation: 'insert_page', title: 'Plans', document: { markdown: 'Plans.\n' } },
    ]);
    const pageId = made.changes[0].page.id as string;
    const { documentId } = await pageOf(made.revision, pageId);
    await server.api(`/v1/spaces/${spaceId}/documents/${documentId}`, { token: org.admin.token });
    // Stored by the write path's warm-up (a job thread, after the edit's answer; the thread
    // starts with it), which the read may answer before: the store is waited for.
    await vi.waitFor(async () => expect(await storedDocument(documentId)).toBeDefined(), {
      timeout: 30_000,
      interval: 50,
    });
    const stranger = await createOrganization(server);
    for (const path of [
      `/v1/spaces/${spaceId}/documents/${documentId}`,
      `/v1/spaces/${spaceId}/revisions/${made.revision}/page/${pageId}/document`,
    ]) {
      const refused = await server.api(path, { token: stranger.admin.token });
      expect(refused.status, path).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('Plans');
    }
  });
});
