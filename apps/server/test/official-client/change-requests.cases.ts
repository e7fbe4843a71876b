/**
 * The official client drives the change-request operations: create, list (status and
 * contributor filters), get by id and by number, and update; the reads of a change
 * request's content, its merge and its update (`update` brings the space in); each response
 * is checked against GitBook's document, and the refusals (an unknown change request, a
 * merged one) arrive as the client's errors with their statuses. Content edits go through
 * `POST CR/content`, which the client's version does not have (`updateChangeRequestContent`
 * in later ones): its answers are checked against this document's ChangeRequest. An import
 * into a change request (of a markdown file served on 127.0.0.1, which the shared server
 * allows) and its PDF link, fetched back, close the file.
 */
import { ChangeRequestStatus, ImportContentSource } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization } from '../support/factories';
import { markdownSource, SERVED_TITLE } from '../support/markdown-origin';
import { storeFileInSpace } from '../support/stored-file';
import type { TestServer } from '../support/test-server';
import { expectClientError, expectConforms, type OfficialClient, officialClient } from './official-client';
import { responseSchema, validateAgainst } from './openapi-spec';
import { expectServedPdf } from './served-pdf';
import { testServer } from './shared-server';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

/** `POST path` with `body` as `token`, which must succeed; the response body. */
async function post(server: TestServer, token: string, path: string, body: unknown): Promise<Json> {
  const response = await server.api(path, { method: 'POST', token, body });
  expect(response.status, `POST ${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

interface SpaceWithPages {
  client: OfficialClient;
  token: string;
  spaceId: string;
  guideId: string;
  installId: string;
}

/** A space with a page Guide ('Start here.') and its subpage Install ('Run `quire`.'). */
async function spaceWithPages(server: TestServer): Promise<SpaceWithPages> {
  const { organization, admin } = await createOrganization(server);
  const client = officialClient(server.url, admin.token);
  const space = await client.api.orgs.createSpace(organization.id, { title: 'Handbook' });
  const edit = await post(server, admin.token, `/v1/spaces/${space.data.id}/content`, {
    changes: [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Start here.' } },
      { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Run `quire`.' } },
    ],
  });
  const [guide, install] = (edit.changes as Array<{ page: { id: string } }>).map((change) => ({
    page: change.page.id,
  }));
  return {
    client,
    token: admin.token,
    spaceId: space.data.id,
    guideId: guide!.page,
    installId: install!.page,
  };
}

/** The last exchange answered 200 with a body the document's `operationId` accepts (for paths the template cannot match). */
function expectBodyConforms(client: OfficialClient, operationId: string): void {
  const exchange = client.last();
  expect(exchange.status, JSON.stringify(exchange.body)).toBe(200);
  expect(validateAgainst(responseSchema(operationId, 200), exchange.body)).toEqual([]);
}

describe('change requests', () => {
  it('createChangeRequest, listChangeRequestsForSpace, getChangeRequestById, updateChangeRequestById', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const editor = await addMember(server, organization.id, 'edit');
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'Handbook' });

    const created = await client.api.spaces.createChangeRequest(space.data.id, {
      subject: 'Rewrite the intro',
      agentTaskId: 'task-7',
    });
    expectConforms(client.last(), 'createChangeRequest', 201);
    expect(created.data).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'draft',
      outdated: false,
    });
    const theirs = await officialClient(server.url, editor.token).api.spaces.createChangeRequest(
      space.data.id,
      {},
    );
    expect(theirs.data.number).toBe(2);

    const byNumber = await client.api.spaces.getChangeRequestById(space.data.id, '1');
    expectConforms(client.last(), 'getChangeRequestById', 200);
    expect(byNumber.data.id).toBe(created.data.id);
    await client.api.spaces.getChangeRequestById(space.data.id, created.data.id);
    expectConforms(client.last(), 'getChangeRequestById', 200);

    const opened = await client.api.spaces.updateChangeRequestById(space.data.id, created.data.id, {
      status: 'open',
      subject: 'Rewrite the introduction',
    });
    expectConforms(client.last(), 'updateChangeRequestById', 200);
    expect(opened.data).toMatchObject({ status: 'open', subject: 'Rewrite the introduction' });

    const open = await client.api.spaces.listChangeRequestsForSpace(space.data.id, { limit: 10 });
    expectConforms(client.last(), 'listChangeRequestsForSpace', 200);
    expect(open.data.items.map((cr) => cr.id)).toEqual([created.data.id]);
    const editorsDrafts = await client.api.spaces.listChangeRequestsForSpace(space.data.id, {
      status: ChangeRequestStatus.Draft,
      contributor: editor.user.id,
    });
    expectConforms(client.last(), 'listChangeRequestsForSpace', 200);
    expect(editorsDrafts.data.items.map((cr) => cr.id)).toEqual([theirs.data.id]);
  });

  it('answers an unknown change request with 404, and a change to a merged one with 409', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'Handbook' });
    await expectClientError(
      client,
      client.api.spaces.getChangeRequestById(space.data.id, '42'),
      'getChangeRequestById',
      404,
    );
    const created = await client.api.spaces.createChangeRequest(space.data.id, { subject: 'Done' });
    const repo = server.services.repos.changeRequests;
    await repo.update(created.data.id, { status: 'draft' }, { status: 'merged' }, created.data.updatedAt);
    await expectClientError(
      client,
      client.api.spaces.updateChangeRequestById(space.data.id, created.data.id, { status: 'open' }),
      'updateChangeRequestById',
      409,
    );
  });
});

describe('change request content', () => {
  it('getRevisionOfChangeRequestById, listPagesInChangeRequest, getPageInChangeRequestById, getPageInChangeRequestByPath, listFilesInChangeRequestById, getFileInChangeRequestById', async () => {
    const server = testServer();
    const s = await spaceWithPages(server);
    const { api } = s.client;
    const file = await storeFileInSpace(server.services, s.spaceId, {
      name: 'logo.png',
      contentType: 'image/png',
      bytes: Buffer.from('not really a png'),
      dimensions: { width: 16, height: 16 },
    });
    const created = await api.spaces.createChangeRequest(s.spaceId, { subject: 'Start the server' });
    const changeRequestId = created.data.id;
    const edited = await post(
      server,
      s.token,
      `/v1/spaces/${s.spaceId}/change-requests/${changeRequestId}/content`,
      {
        changes: [
          { operation: 'update_page', page: s.installId, document: { markdown: 'Run `quire start`.' } },
        ],
      },
    );
    // The answer (compat) is the change request as the document has it.
    expect(validateAgainst(responseSchema('getChangeRequestById', 200), edited)).toEqual([]);
    expect(edited.revision).not.toBe(created.data.revision);
    const detailed = await post(
      server,
      s.token,
      `/v1/spaces/${s.spaceId}/change-requests/${created.data.number}/content?compat=false`,
      { changes: [{ operation: 'insert_page', title: 'Changelog', document: { markdown: 'Nothing yet.' } }] },
    );
    expect(validateAgainst(responseSchema('getChangeRequestById', 200), detailed.changeRequest)).toEqual([]);
    const [firstChange] = detailed.changes as Array<{ object: string; page: { id: string } }>;
    expect(firstChange?.object).toBe('created_page');
    const changelog = { page: firstChange!.page.id };

    const content = await api.spaces.getRevisionOfChangeRequestById(s.spaceId, changeRequestId, {
      metadata: false,
    });
    expectConforms(s.client.last(), 'getRevisionOfChangeRequestById', 200);
    expect(content.data.id).toBe(detailed.changeRequest.revision);
    expect(content.data.pages.map((page) => page.id)).toEqual([s.guideId, changelog!.page]);
    expect(content.data.files.map((stored) => stored.id)).toEqual([file.fileId]);

    // By its number as well as its id.
    const pages = await api.spaces.listPagesInChangeRequest(s.spaceId, String(created.data.number));
    expectConforms(s.client.last(), 'listPagesInChangeRequest', 200);
    expect(pages.data.pages).toEqual(content.data.pages);

    const asMarkdown = await api.spaces.getPageInChangeRequestById(s.spaceId, changeRequestId, s.installId, {
      format: 'markdown',
    });
    expectConforms(s.client.last(), 'getPageInChangeRequestById', 200);
    expect(asMarkdown.data).toMatchObject({
      id: s.installId,
      path: 'guide/install',
      markdown: 'Run `quire start`.\n',
    });
    const asDocument = await api.spaces.getPageInChangeRequestById(s.spaceId, changeRequestId, s.guideId);
    expectConforms(s.client.last(), 'getPageInChangeRequestById', 200);
    expect(asDocument.data).toMatchObject({ id: s.guideId, document: { object: 'document' } });
    // The space's own page is as it was.
    const inSpace = await api.spaces.getPageById(s.spaceId, s.installId, { format: 'markdown' });
    expect(inSpace.data).toMatchObject({ markdown: 'Run `quire`.\n' });

    const byPath = await api.spaces.getPageInChangeRequestByPath(s.spaceId, changeRequestId, 'changelog', {
      format: 'markdown',
    });
    expectConforms(s.client.last(), 'getPageInChangeRequestByPath', 200);
    expect(byPath.data).toMatchObject({ id: changelog!.page, markdown: 'Nothing yet.\n' });
    // A nested path goes out with its slash (the client does not encode it).
    const nested = await api.spaces.getPageInChangeRequestByPath(s.spaceId, changeRequestId, 'guide/install');
    expectBodyConforms(s.client, 'getPageInChangeRequestByPath');
    expect(s.client.last().path).toBe(
      `/spaces/${s.spaceId}/change-requests/${changeRequestId}/content/path/guide/install`,
    );
    expect(nested.data.id).toBe(s.installId);

    const files = await api.spaces.listFilesInChangeRequestById(s.spaceId, changeRequestId, { limit: 10 });
    expectConforms(s.client.last(), 'listFilesInChangeRequestById', 200);
    expect(files.data.items).toEqual([
      expect.objectContaining({ id: file.fileId, name: 'logo.png', contentType: 'image/png', size: 16 }),
    ]);
    const one = await api.spaces.getFileInChangeRequestById(s.spaceId, changeRequestId, file.fileId);
    expectConforms(s.client.last(), 'getFileInChangeRequestById', 200);
    expect(one.data).toEqual(files.data.items[0]);
  });

  it('answers an unknown change request, page, path or file with 404', async () => {
    const s = await spaceWithPages(testServer());
    const { api } = s.client;
    const created = await api.spaces.createChangeRequest(s.spaceId, {});
    const id = created.data.id;
    await expectClientError(
      s.client,
      api.spaces.getRevisionOfChangeRequestById(s.spaceId, '42'),
      'getRevisionOfChangeRequestById',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.getPageInChangeRequestById(s.spaceId, id, 'no-such-page'),
      'getPageInChangeRequestById',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.getPageInChangeRequestByPath(s.spaceId, id, 'nowhere'),
      'getPageInChangeRequestByPath',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.getFileInChangeRequestById(s.spaceId, id, 'no-such-file'),
      'getFileInChangeRequestById',
      404,
    );
  });
});

describe('merge and update', () => {
  it('updateChangeRequest brings the space in; mergeChangeRequest brings the change request into the space', async () => {
    const server = testServer();
    const s = await spaceWithPages(server);
    const { api } = s.client;
    const created = await api.spaces.createChangeRequest(s.spaceId, { subject: 'Start the server' });
    const changeRequestId = created.data.id;
    await post(server, s.token, `/v1/spaces/${s.spaceId}/change-requests/${changeRequestId}/content`, {
      changes: [
        { operation: 'update_page', page: s.installId, document: { markdown: 'Run `quire start`.' } },
      ],
    });
    // The space moves on meanwhile, on another page.
    await post(server, s.token, `/v1/spaces/${s.spaceId}/content`, {
      changes: [{ operation: 'update_page', page: s.guideId, document: { markdown: 'Start over here.' } }],
    });
    const outdated = await api.spaces.getChangeRequestById(s.spaceId, changeRequestId);
    expect(outdated.data.outdated).toBe(true);

    const updated = await api.spaces.updateChangeRequest(s.spaceId, changeRequestId);
    expectConforms(s.client.last(), 'updateChangeRequest', 200);
    expect(updated.data.result).toBe('update');
    const current = await api.spaces.getChangeRequestById(s.spaceId, changeRequestId);
    expect(current.data).toMatchObject({ revision: updated.data.revision, outdated: false });
    const guide = await api.spaces.getPageInChangeRequestById(s.spaceId, changeRequestId, s.guideId, {
      format: 'markdown',
    });
    expect(guide.data).toMatchObject({ markdown: 'Start over here.\n' });
    // Up to date: nothing to bring in, the same revision.
    const again = await api.spaces.updateChangeRequest(s.spaceId, String(created.data.number));
    expectConforms(s.client.last(), 'updateChangeRequest', 200);
    expect(again.data).toEqual({ revision: updated.data.revision, result: 'update' });

    const merged = await api.spaces.mergeChangeRequest(s.spaceId, changeRequestId);
    expectConforms(s.client.last(), 'mergeChangeRequest', 200);
    expect(merged.data.result).toBe('merge');
    const head = await api.spaces.getCurrentRevision(s.spaceId);
    expect(head.data.id).toBe(merged.data.revision);
    const install = await api.spaces.getPageById(s.spaceId, s.installId, { format: 'markdown' });
    expect(install.data).toMatchObject({ markdown: 'Run `quire start`.\n' });
    const done = await api.spaces.getChangeRequestById(s.spaceId, changeRequestId);
    expect(done.data).toMatchObject({ status: 'merged', revisionMerged: merged.data.revision });

    // Merged is final: no second merge, no update.
    await expectClientError(
      s.client,
      api.spaces.mergeChangeRequest(s.spaceId, changeRequestId),
      'mergeChangeRequest',
      409,
    );
    await expectClientError(
      s.client,
      api.spaces.updateChangeRequest(s.spaceId, changeRequestId),
      'updateChangeRequest',
      409,
    );
  });

  it('answers what cannot be merged as conflicts (200), changing nothing; an unknown change request 404', async () => {
    const server = testServer();
    const s = await spaceWithPages(server);
    const { api } = s.client;
    const created = await api.spaces.createChangeRequest(s.spaceId, { subject: 'Reword' });
    const changeRequestId = created.data.id;
    await post(server, s.token, `/v1/spaces/${s.spaceId}/change-requests/${changeRequestId}/content`, {
      changes: [{ operation: 'update_page', page: s.guideId, document: { markdown: 'Start right here.' } }],
    });
    const spaceEdit = await post(server, s.token, `/v1/spaces/${s.spaceId}/content`, {
      changes: [{ operation: 'update_page', page: s.guideId, document: { markdown: 'Start over here.' } }],
    });
    const before = await api.spaces.getChangeRequestById(s.spaceId, changeRequestId);

    const merge = await api.spaces.mergeChangeRequest(s.spaceId, changeRequestId);
    expectConforms(s.client.last(), 'mergeChangeRequest', 200);
    expect(merge.data).toMatchObject({ revision: spaceEdit.revision, result: 'conflicts' });
    expect(s.client.last().body).toMatchObject({ conflicts: [expect.objectContaining({ page: s.guideId })] });
    const update = await api.spaces.updateChangeRequest(s.spaceId, changeRequestId);
    expectConforms(s.client.last(), 'updateChangeRequest', 200);
    expect(update.data).toMatchObject({ revision: before.data.revision, result: 'conflicts' });

    const head = await api.spaces.getCurrentRevision(s.spaceId);
    expect(head.data.id).toBe(spaceEdit.revision);
    const after = await api.spaces.getChangeRequestById(s.spaceId, changeRequestId);
    expect(after.data).toMatchObject({ status: before.data.status, revision: before.data.revision });

    await expectClientError(
      s.client,
      api.spaces.mergeChangeRequest(s.spaceId, '42'),
      'mergeChangeRequest',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.updateChangeRequest(s.spaceId, '42'),
      'updateChangeRequest',
      404,
    );
  });
});

/**
 * What an import made: the answer itself when the import ended within the request's wait,
 * else (a loaded machine: the first import of a server starts its markdown thread) its job's
 * outcome at `GET SPACE/content/imports/{id}` once it ended, as a client would read it.
 */
async function importOutcome(
  token: string,
  spaceId: string,
  answer: { revision: string; importedResources: number; totalResources: number },
): Promise<{ revision: string; importedResources: number; totalResources: number }> {
  if (answer.revision !== '') return answer;
  const { id } = (answer as unknown as { import: { id: string } }).import;
  for (;;) {
    const job = (await testServer().api(`/v1/spaces/${spaceId}/content/imports/${id}`, { token })).body;
    if (job.status !== 'running' && job.status !== 'pending')
      return { revision: job.revision ?? '', importedResources: job.done, totalResources: job.total };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('import and PDF of a change request', () => {
  it('importContentInChangeRequest: one new revision of the change request, the space as it was', async () => {
    const s = await spaceWithPages(testServer());
    const { api } = s.client;
    const spaceHead = (await api.spaces.getCurrentRevision(s.spaceId)).data.id;
    const created = await api.spaces.createChangeRequest(s.spaceId, { subject: 'Bring the notes in' });
    const source = await markdownSource();
    const imported = await api.spaces.importContentInChangeRequest(s.spaceId, String(created.data.number), {
      url: source.url,
      source: ImportContentSource.Markdown,
    });
    expectConforms(s.client.last(), 'importContentInChangeRequest', 201);
    const outcome = await importOutcome(s.token, s.spaceId, imported.data);
    expect(outcome).toMatchObject({ revision: expect.any(String), importedResources: 1, totalResources: 1 });
    const changeRequest = await api.spaces.getChangeRequestById(s.spaceId, created.data.id);
    expect(changeRequest.data.revision).toBe(outcome.revision);
    const content = await api.spaces.getRevisionOfChangeRequestById(s.spaceId, created.data.id);
    expect(content.data.parents).toEqual([created.data.revision]);
    expect(content.data.pages.map((page) => page.title)).toEqual(['Guide', SERVED_TITLE]);
    expect((await api.spaces.getCurrentRevision(s.spaceId)).data.id).toBe(spaceHead);
  });

  it('refuses an import into a merged change request (409) or an unknown one (404), reading nothing', async () => {
    const server = testServer();
    const s = await spaceWithPages(server);
    const { api } = s.client;
    const created = await api.spaces.createChangeRequest(s.spaceId, { subject: 'Done' });
    await post(server, s.token, `/v1/spaces/${s.spaceId}/change-requests/${created.data.id}/content`, {
      changes: [{ operation: 'insert_page', title: 'Notes', document: { markdown: 'Some notes.' } }],
    });
    const merged = await api.spaces.mergeChangeRequest(s.spaceId, created.data.id);
    expect(merged.data.result).toBe('merge');
    const before = await api.spaces.getChangeRequestById(s.spaceId, created.data.id);
    const source = await markdownSource();
    const body = { url: source.url, source: ImportContentSource.Markdown };
    await expectClientError(
      s.client,
      api.spaces.importContentInChangeRequest(s.spaceId, created.data.id, body),
      'importContentInChangeRequest',
      409,
    );
    await expectClientError(
      s.client,
      api.spaces.importContentInChangeRequest(s.spaceId, '42', body),
      'importContentInChangeRequest',
      404,
    );
    expect(source.requests()).toBe(0);
    const after = await api.spaces.getChangeRequestById(s.spaceId, created.data.id);
    expect(after.data).toMatchObject({ status: 'merged', revision: before.data.revision });
    expect((await api.spaces.getCurrentRevision(s.spaceId)).data.id).toBe(merged.data.revision);
  });

  it('getChangeRequestPdf: the whole change request, or one page and its subpages; 404 for a page not in it', async () => {
    const server = testServer();
    const s = await spaceWithPages(server);
    const { api } = s.client;
    const created = await api.spaces.createChangeRequest(s.spaceId, { subject: 'Reword' });
    await post(server, s.token, `/v1/spaces/${s.spaceId}/change-requests/${created.data.id}/content`, {
      changes: [
        { operation: 'update_page', page: s.installId, document: { markdown: 'Run `quire start`.' } },
      ],
    });
    const whole = await api.spaces.getChangeRequestPdf(s.spaceId, created.data.id);
    expectConforms(s.client.last(), 'getChangeRequestPDF', 200);
    await expectServedPdf(server, whole.data.url);
    const install = await api.spaces.getChangeRequestPdf(s.spaceId, String(created.data.number), {
      only: true,
      page: s.installId,
    });
    expectConforms(s.client.last(), 'getChangeRequestPDF', 200);
    expect(install.data.url).not.toBe(whole.data.url);
    await expectServedPdf(server, install.data.url);
    await expectClientError(
      s.client,
      api.spaces.getChangeRequestPdf(s.spaceId, created.data.id, { only: true, page: 'no-such-page' }),
      'getChangeRequestPDF',
      404,
    );
    await expectClientError(
      s.client,
      api.spaces.getChangeRequestPdf(s.spaceId, '42'),
      'getChangeRequestPDF',
      404,
    );
  });
});
