/**
 * The official client drives the reads of a space's content and of its revisions: the
 * current revision, its pages (a page by id in both formats, by path), its files, one
 * revision, what it changed, and the same reads in a revision; each response is checked
 * against GitBook's document, and an unknown page, path, file or revision arrives as the
 * client's 404. The edits go through `POST /v1/spaces/:spaceId/content`, which the client's
 * version does not have; the file is written past the rules (no operation inserts files yet).
 * Then what brings content in and out: an import (of a markdown file served on 127.0.0.1,
 * which the shared server allows), a template, and the PDF link, fetched back.
 */
import { ImportContentSource } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { markdownSource, SERVED_TITLE } from '../support/markdown-origin';
import { storeFileInSpace } from '../support/stored-file';
import type { TestServer } from '../support/test-server';
import { expectClientError, expectConforms, type OfficialClient, officialClient } from './official-client';
import { responseSchema, validateAgainst } from './openapi-spec';
import { expectServedPdf } from './served-pdf';
import { testServer } from './shared-server';

/** A body using the constructs the document tree supports, so its tree meets the document's schema. */
const RICH_MARKDOWN = [
  '## Before you start',
  '',
  'Some **bold**, *italic*, `code`, ~~struck~~ text and [a link](https://example.com).',
  '',
  '![A picture](https://example.com/picture.png)',
  '',
  '- one',
  '- two',
  '  1. nested',
  '',
  '- [x] done',
  '- [ ] to do',
  '',
  '```ts',
  'const answer = 42;',
  '```',
  '',
  '> Quoted.',
  '',
  '| Name | Value |',
  '| ---- | ----- |',
  '| a    | 1     |',
  '',
  '{% hint style="info" %}',
  'A hint.',
  '{% endhint %}',
  '',
  '---',
  '',
].join('\n');

interface EditedSpace {
  client: OfficialClient;
  spaceId: string;
  firstRevision: string;
  /** The revision the page edits made (no file yet). */
  editRevision: string;
  guideId: string;
  installId: string;
  fileId: string;
  /** The revision that added the file: the head. */
  fileRevision: string;
}

async function editedSpace(server: TestServer): Promise<EditedSpace> {
  const { organization, admin } = await createOrganization(server);
  const client = officialClient(server.url, admin.token);
  const space = await client.api.orgs.createSpace(organization.id, { title: 'Handbook' });
  const spaceId = space.data.id;
  const edit = await server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token: admin.token,
    body: {
      changes: [
        {
          operation: 'insert_page',
          ref: 'guide',
          title: 'Guide',
          emoji: '1f4d8',
          document: { markdown: RICH_MARKDOWN },
        },
        { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Run `quire`.' } },
      ],
    },
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  const [guide, install] = (edit.body.changes as Array<{ page: { id: string } }>).map((change) => ({
    page: change.page.id,
  }));
  const file = await storeFileInSpace(server.services, spaceId, {
    name: 'logo.png',
    contentType: 'image/png',
    bytes: Buffer.from('not really a png'),
    dimensions: { width: 16, height: 16 },
  });
  return {
    client,
    spaceId,
    firstRevision: space.data.revision,
    editRevision: edit.body.revision,
    guideId: guide!.page,
    installId: install!.page,
    fileId: file.fileId,
    fileRevision: file.revisionId,
  };
}

/** The last exchange answered 200 with a body the document's `operationId` accepts (for paths the template cannot match). */
function expectBodyConforms(client: OfficialClient, operationId: string): void {
  const exchange = client.last();
  expect(exchange.status, JSON.stringify(exchange.body)).toBe(200);
  expect(validateAgainst(responseSchema(operationId, 200), exchange.body)).toEqual([]);
}

describe('space content', () => {
  it('getCurrentRevision, listPages, getPageById, getPageByPath, listFiles, getFileById', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const empty = officialClient(server.url, admin.token);
    const created = await empty.api.orgs.createSpace(organization.id, { title: 'Empty' });
    const first = await empty.api.spaces.getCurrentRevision(created.data.id);
    expectConforms(empty.last(), 'getCurrentRevision', 200);
    expect(first.data).toMatchObject({ object: 'revision', id: created.data.revision, pages: [], files: [] });

    const s = await editedSpace(server);
    const { api } = s.client;
    const current = await api.spaces.getCurrentRevision(s.spaceId, { metadata: false });
    expectConforms(s.client.last(), 'getCurrentRevision', 200);
    expect(current.data.id).toBe(s.fileRevision);
    expect(current.data.pages.map((page) => page.id)).toEqual([s.guideId]);
    expect(current.data.files.map((file) => file.id)).toEqual([s.fileId]);

    const pages = await api.spaces.listPages(s.spaceId);
    expectConforms(s.client.last(), 'listPages', 200);
    expect(pages.data.pages).toEqual(current.data.pages);

    const asMarkdown = await api.spaces.getPageById(s.spaceId, s.installId, { format: 'markdown' });
    expectConforms(s.client.last(), 'getPageById', 200);
    expect(asMarkdown.data).toMatchObject({
      id: s.installId,
      path: 'guide/install',
      markdown: 'Run `quire`.\n',
    });
    const asDocument = await api.spaces.getPageById(s.spaceId, s.guideId, { evaluated: true });
    expectConforms(s.client.last(), 'getPageById', 200);
    expect(asDocument.data).toMatchObject({ id: s.guideId, document: { object: 'document' } });

    const byPath = await api.spaces.getPageByPath(s.spaceId, 'guide', { format: 'document' });
    expectConforms(s.client.last(), 'getPageByPath', 200);
    expect(byPath.data.id).toBe(s.guideId);
    // A nested path goes out with its slash (the client does not encode it): the body is
    // checked against the document, the request against the route it reached.
    const nested = await api.spaces.getPageByPath(s.spaceId, 'guide/install');
    expectBodyConforms(s.client, 'getPageByPath');
    expect(s.client.last().path).toBe(`/spaces/${s.spaceId}/content/path/guide/install`);
    expect(nested.data.id).toBe(s.installId);

    const files = await api.spaces.listFiles(s.spaceId, { limit: 10 });
    expectConforms(s.client.last(), 'listFiles', 200);
    expect(files.data.items).toEqual([
      expect.objectContaining({ id: s.fileId, name: 'logo.png', contentType: 'image/png', size: 16 }),
    ]);
    const file = await api.spaces.getFileById(s.spaceId, s.fileId);
    expectConforms(s.client.last(), 'getFileById', 200);
    expect(file.data).toEqual(files.data.items[0]);
  });

  it('answers an unknown page, path or file with 404', async () => {
    const s = await editedSpace(testServer());
    const { api } = s.client;
    await expectClientError(s.client, api.spaces.getPageById(s.spaceId, 'no-such-page'), 'getPageById', 404);
    await expectClientError(s.client, api.spaces.getPageByPath(s.spaceId, 'nowhere'), 'getPageByPath', 404);
    await expectClientError(s.client, api.spaces.getFileById(s.spaceId, 'no-such-file'), 'getFileById', 404);
  });
});

describe('revisions', () => {
  it('getRevisionById, getRevisionSemanticChanges, listPagesInRevisionById, getPageInRevisionById, getPageInRevisionByPath, listFilesInRevisionById, getFileInRevisionById', async () => {
    const s = await editedSpace(testServer());
    const { api } = s.client;
    const first = await api.spaces.getRevisionById(s.spaceId, s.firstRevision);
    expectConforms(s.client.last(), 'getRevisionById', 200);
    expect(first.data).toMatchObject({ id: s.firstRevision, parents: [], pages: [], files: [] });
    const edited = await api.spaces.getRevisionById(s.spaceId, s.editRevision, { metadata: false });
    expectConforms(s.client.last(), 'getRevisionById', 200);
    expect(edited.data).toMatchObject({ id: s.editRevision, parents: [s.firstRevision], files: [] });

    const changes = await api.spaces.getRevisionSemanticChanges(s.spaceId, s.editRevision, { limit: 10 });
    expectConforms(s.client.last(), 'getRevisionSemanticChanges', 200);
    expect(changes.data.changes).toHaveLength(2);
    await api.spaces.getRevisionSemanticChanges(s.spaceId, s.firstRevision);
    expectConforms(s.client.last(), 'getRevisionSemanticChanges', 200);
    const fileAdded = await api.spaces.getRevisionSemanticChanges(s.spaceId, s.fileRevision);
    expectConforms(s.client.last(), 'getRevisionSemanticChanges', 200);
    expect(fileAdded.data.changes).toHaveLength(1);

    const pages = await api.spaces.listPagesInRevisionById(s.spaceId, s.editRevision);
    expectConforms(s.client.last(), 'listPagesInRevisionById', 200);
    expect(pages.data.pages).toEqual(edited.data.pages);
    const page = await api.spaces.getPageInRevisionById(s.spaceId, s.editRevision, s.installId, {
      format: 'markdown',
    });
    expectConforms(s.client.last(), 'getPageInRevisionById', 200);
    expect(page.data).toMatchObject({ id: s.installId, markdown: 'Run `quire`.\n' });
    const tree = await api.spaces.getPageInRevisionById(s.spaceId, s.editRevision, s.guideId);
    expectConforms(s.client.last(), 'getPageInRevisionById', 200);
    expect(tree.data).toMatchObject({ id: s.guideId, document: { object: 'document' } });
    const byPath = await api.spaces.getPageInRevisionByPath(s.spaceId, s.editRevision, 'guide');
    expectConforms(s.client.last(), 'getPageInRevisionByPath', 200);
    expect(byPath.data.id).toBe(s.guideId);
    const nested = await api.spaces.getPageInRevisionByPath(s.spaceId, s.editRevision, 'guide/install', {
      format: 'markdown',
    });
    expectBodyConforms(s.client, 'getPageInRevisionByPath');
    expect(nested.data.id).toBe(s.installId);

    const before = await api.spaces.listFilesInRevisionById(s.spaceId, s.editRevision);
    expectConforms(s.client.last(), 'listFilesInRevisionById', 200);
    expect(before.data.items).toEqual([]);
    const files = await api.spaces.listFilesInRevisionById(s.spaceId, s.fileRevision, { limit: 5 });
    expectConforms(s.client.last(), 'listFilesInRevisionById', 200);
    expect(files.data.items.map((file) => file.id)).toEqual([s.fileId]);
    const file = await api.spaces.getFileInRevisionById(s.spaceId, s.fileRevision, s.fileId);
    expectConforms(s.client.last(), 'getFileInRevisionById', 200);
    expect(file.data).toMatchObject({ id: s.fileId, dimensions: { width: 16, height: 16 } });
  });

  it('answers an unknown revision, or a page or file not in the revision, with 404', async () => {
    const s = await editedSpace(testServer());
    const { api } = s.client;
    await expectClientError(
      s.client,
      api.spaces.getRevisionById(s.spaceId, 'no-such-revision'),
      'getRevisionById',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.getRevisionSemanticChanges(s.spaceId, 'no-such-revision'),
      'getRevisionSemanticChanges',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.listPagesInRevisionById(s.spaceId, 'no-such-revision'),
      'listPagesInRevisionById',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.getPageInRevisionById(s.spaceId, s.firstRevision, s.guideId),
      'getPageInRevisionById',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.getPageInRevisionByPath(s.spaceId, s.firstRevision, 'guide'),
      'getPageInRevisionByPath',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.listFilesInRevisionById(s.spaceId, 'no-such-revision'),
      'listFilesInRevisionById',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.getFileInRevisionById(s.spaceId, s.editRevision, s.fileId),
      'getFileInRevisionById',
      404,
    );
    // A revision of another space is not found through this one.
    const other = await editedSpace(testServer());
    await expectClientError(
      s.client,
      api.spaces.getRevisionById(s.spaceId, other.editRevision),
      'getRevisionById',
      404,
    );
  });
});

/** The job of an import, which Quire adds to GitBook's answer (`import`). */
interface ImportJob {
  status: string;
  revision?: string;
  urls: { location: string };
}

interface PlainSpace {
  client: OfficialClient;
  token: string;
  spaceId: string;
  guideId: string;
  /** The revision of the two pages: the head. */
  revision: string;
}

/** A space with a page Guide and its subpage Install, in plain text (nothing a PDF would fetch). */
async function plainSpace(server: TestServer): Promise<PlainSpace> {
  const { organization, admin } = await createOrganization(server);
  const client = officialClient(server.url, admin.token);
  const space = await client.api.orgs.createSpace(organization.id, { title: 'Handbook' });
  const edit = await server.api(`/v1/spaces/${space.data.id}/content`, {
    method: 'POST',
    token: admin.token,
    body: {
      changes: [
        { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Start here.' } },
        { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Run `quire`.' } },
      ],
    },
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  return {
    client,
    token: admin.token,
    spaceId: space.data.id,
    guideId: edit.body.changes[0].page.id,
    revision: edit.body.revision,
  };
}

const titlesOf = (pages: ReadonlyArray<{ title: string }>) => pages.map((page) => page.title);

describe('importing and templates', () => {
  it('importContent, applyTemplateToSpace', async () => {
    const server = testServer();
    const s = await plainSpace(server);
    const { api } = s.client;
    const source = await markdownSource();
    const imported = await api.spaces.importContent(s.spaceId, {
      url: source.url,
      source: ImportContentSource.Markdown,
    });
    expectConforms(s.client.last(), 'importContent', 201);
    expect(imported.data).toMatchObject({
      revision: expect.any(String),
      importedResources: 1,
      totalResources: 1,
    });
    expect(source.requests()).toBe(1);
    // Beyond the document: the import's job, done, and where to read it again.
    const { import: job } = imported.data as typeof imported.data & { import: ImportJob };
    expect(job).toMatchObject({ status: 'done', done: 1, total: 1, revision: imported.data.revision });
    const reread = await server.api(job.urls.location.replace(server.config.publicUrl, ''), {
      token: s.token,
    });
    expect(reread.status, JSON.stringify(reread.body)).toBe(200);
    expect(reread.body).toEqual(job);
    // One new revision, the head, with the imported page after the space's own.
    const afterImport = await api.spaces.getCurrentRevision(s.spaceId);
    expect(afterImport.data).toMatchObject({ id: imported.data.revision, parents: [s.revision] });
    expect(titlesOf(afterImport.data.pages)).toEqual(['Guide', SERVED_TITLE]);
    const page = await api.spaces.getPageById(s.spaceId, afterImport.data.pages[1]!.id, {
      format: 'markdown',
    });
    expect(page.data).toMatchObject({ title: SERVED_TITLE, markdown: 'Text read from the **source**.\n' });

    const applied = await api.spaces.applyTemplateToSpace(s.spaceId, {
      id: 'changelog',
      params: { contentRefs: {} },
    });
    expectConforms(s.client.last(), 'applyTemplateToSpace', 201);
    expect(applied.status).toBe(201);
    const afterTemplate = await api.spaces.getCurrentRevision(s.spaceId);
    expect(afterTemplate.data.parents).toEqual([imported.data.revision]);
    expect(titlesOf(afterTemplate.data.pages)).toEqual(['Guide', SERVED_TITLE, 'Unreleased', '1.0.0']);
  });

  it('refuses a source Quire does not read, one it cannot fetch or that is not http(s), and an unknown template, writing nothing', async () => {
    const s = await plainSpace(testServer());
    const { api } = s.client;
    const source = await markdownSource();
    const unsupported = await expectClientError(
      s.client,
      api.spaces.importContent(s.spaceId, { url: source.url, source: ImportContentSource.Notion }),
      'importContent',
      400,
    );
    expect(unsupported.errorMessage).toContain('website, html, markdown, zip, docx');
    expect(source.requests()).toBe(0);
    const missing = await expectClientError(
      s.client,
      api.spaces.importContent(s.spaceId, {
        url: `${new URL(source.url).origin}/missing`,
        source: ImportContentSource.Markdown,
      }),
      'importContent',
      400,
    );
    expect(missing.errorMessage).toContain('url');
    const notHttp = await expectClientError(
      s.client,
      api.spaces.importContent(s.spaceId, {
        url: 'file:///etc/passwd',
        source: ImportContentSource.Markdown,
      }),
      'importContent',
      400,
    );
    expect(notHttp.errorMessage).toContain('url');
    await expectClientError(
      s.client,
      api.spaces.applyTemplateToSpace(s.spaceId, { id: 'no-such-template' }),
      'applyTemplateToSpace',
      404,
    );
    const head = await api.spaces.getCurrentRevision(s.spaceId);
    expect(head.data.id).toBe(s.revision);
  });
});

describe('PDF export', () => {
  it('getSpacePdf: the whole space, or one page and its subpages', async () => {
    const server = testServer();
    const s = await plainSpace(server);
    const { api } = s.client;
    const whole = await api.spaces.getSpacePdf(s.spaceId);
    expectConforms(s.client.last(), 'getSpacePDF', 200);
    await expectServedPdf(server, whole.data.url);
    const guide = await api.spaces.getSpacePdf(s.spaceId, { only: true, page: s.guideId });
    expectConforms(s.client.last(), 'getSpacePDF', 200);
    expect(guide.data.url).not.toBe(whole.data.url);
    await expectServedPdf(server, guide.data.url);
  });

  it('answers a page not in the space, or an unknown space, with 404', async () => {
    const s = await plainSpace(testServer());
    const { api } = s.client;
    await expectClientError(
      s.client,
      api.spaces.getSpacePdf(s.spaceId, { only: true, page: 'no-such-page' }),
      'getSpacePDF',
      404,
    );
    await expectClientError(s.client, api.spaces.getSpacePdf('no-such-space'), 'getSpacePDF', 404);
  });
});
