/**
 * Files in content edits through real HTTP: `insert_files` from inline base64 and from a
 * URL (fetched through the outbound module: private addresses refused unless allowed),
 * their records in the revision, their bytes served with type, ETag and ranges, and the
 * refusals (bad base64, too big, private address, unreachable) that name the change and
 * field and apply nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../support/expectations';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let open: TestServer;
let allowing: TestServer;
let origin: Server;
let originUrl = '';

beforeAll(async () => {
  origin = createServer((request, response) => {
    if (request.url === '/logo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  open = await startTestServer({ QUIRE_FILE_INLINE_MAX_BYTES: '1000' });
  allowing = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all([open.close(), allowing.close()]);
  await new Promise((resolve) => origin.close(resolve));
});

async function newSpace(server: TestServer): Promise<{ org: TestOrganization; spaceId: string }> {
  const org = await createOrganization(server);
  const response = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Files' },
  });
  return { org, spaceId: response.body.id };
}

const insertFiles = (server: TestServer, token: string, spaceId: string, files: unknown[]) =>
  server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token,
    body: { changes: [{ operation: 'insert_files', files }] },
  });

/** The bytes behind a downloadURL, fetched from the test server. */
const download = (server: TestServer, downloadURL: string, headers: Record<string, string> = {}) =>
  fetch(downloadURL.replace(server.config.publicUrl, server.url), { headers });

describe('insert_files', () => {
  it('stores an inline file, lists it with its dimensions and serves its bytes', async () => {
    const { org, spaceId } = await newSpace(open);
    const response = await insertFiles(open, org.admin.token, spaceId, [
      { name: 'logo.png', contentType: 'image/png', base64: PNG.toString('base64') },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [inserted] = response.body.insertedFiles;
    expect(inserted).toMatchObject({
      name: 'logo.png',
      contentType: 'image/png',
      size: PNG.length,
      dimensions: { width: 1, height: 1 },
    });
    const listed = await open.api(`/v1/spaces/${spaceId}/content/files`, { token: org.admin.token });
    expect(listed.body.items).toEqual([inserted]);
    const one = await open.api(`/v1/spaces/${spaceId}/content/files/${inserted.id}`, {
      token: org.admin.token,
    });
    expect(one.body).toEqual(inserted);

    const bytes = await download(open, inserted.downloadURL);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(PNG);
    const etag = bytes.headers.get('etag') ?? '';
    expect((await download(open, inserted.downloadURL, { 'if-none-match': etag })).status).toBe(304);
    const range = await download(open, inserted.downloadURL, { range: 'bytes=0-3' });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(PNG.subarray(0, 4));
  });

  it('resolves links to the refs of the batch: pages and files, in any order', async () => {
    const { org, spaceId } = await newSpace(open);
    const response = await open.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: {
        changes: [
          {
            operation: 'insert_page',
            ref: 'intro',
            title: 'Intro',
            document: { markdown: 'Next: [setup](./setup.md). ![logo](./logo)' },
          },
          {
            operation: 'insert_page',
            ref: 'setup',
            title: 'Setup',
            document: { markdown: 'Back to [intro](./intro.md).' },
          },
          {
            operation: 'insert_files',
            files: [
              { ref: 'logo', name: 'logo.png', contentType: 'image/png', base64: PNG.toString('base64') },
            ],
          },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [intro, setup] = response.body.changes.map((change: { page: { id: string } }) => change.page.id);
    const fileId = response.body.insertedFiles[0].id;
    const read = (id: string) =>
      open.api(`/v1/spaces/${spaceId}/content/page/${id}?format=markdown`, { token: org.admin.token });
    expect((await read(intro)).body.markdown).toBe(
      `Next: [setup](/pages/${setup}). ![logo](/files/${fileId})\n`,
    );
    expect((await read(setup)).body.markdown).toBe(`Back to [intro](/pages/${intro}).\n`);
  });

  it('fetches a file from a URL when its host is allowed', async () => {
    const { org, spaceId } = await newSpace(allowing);
    const response = await insertFiles(allowing, org.admin.token, spaceId, [
      { name: 'logo.png', url: `${originUrl}/logo.png` },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.insertedFiles[0]).toMatchObject({ contentType: 'image/png', size: PNG.length });
  });

  it('refuses private addresses, bad base64, files over the limit and unreachable URLs, applying nothing', async () => {
    const { org, spaceId } = await newSpace(open);
    const before = await open.api(`/v1/spaces/${spaceId}`, { token: org.admin.token });
    const cases: Array<[unknown[], string]> = [
      [[{ name: 'a.png', url: `${originUrl}/logo.png` }], 'changes.0.files.0.url'],
      [[{ name: 'a.png', url: 'http://169.254.169.254/latest/meta-data' }], 'changes.0.files.0.url'],
      [[{ name: 'a.txt', contentType: 'text/plain', base64: 'not base64!' }], 'changes.0.files.0.base64'],
      [
        [
          {
            name: 'a.bin',
            contentType: 'application/octet-stream',
            base64: Buffer.alloc(2000).toString('base64'),
          },
        ],
        'changes.0.files.0.base64',
      ],
      [[{ name: 'a.txt', base64: 'aGk=' }], 'changes.0.files.0.contentType'],
      [[{ name: 'a.txt', contentType: 'text/plain' }], 'changes.0.files.0'],
    ];
    for (const [files, field] of cases)
      expectFieldError(await insertFiles(open, org.admin.token, spaceId, files), field);
    const { spaceId: other, org: otherOrg } = await newSpace(allowing);
    expectFieldError(
      await insertFiles(allowing, otherOrg.admin.token, other, [
        { name: 'gone.png', url: `${originUrl}/missing.png` },
      ]),
      'changes.0.files.0.url',
    );
    const after = await open.api(`/v1/spaces/${spaceId}`, { token: org.admin.token });
    expect(after.body.revision).toBe(before.body.revision);
  });
});
