/**
 * Uploading, renaming, replacing and deleting a space's files through real HTTP: the byte
 * upload (`POST .../content/files/upload`, the body counted as it arrives) and the JSON one
 * (base64), into the live content and into a change request; the limit said by
 * `file-limits` and refused (413 naming the field, nothing written); `update_file` keeping
 * the id (a page showing the file keeps showing it, with the new bytes); `delete_file`;
 * where a file is used (backlinks); who may (edit rights; another person's space is a 404).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerIncomingFiles } from '../../src/files/server-incoming-files';
import { expectFieldError } from '../support/expectations';
import { addMember, createOrganization, createUser, type TestOrganization } from '../support/factories';
import { type ApiResponse, startTestServer, type TestServer } from '../support/test-server';

/** A 1x1 PNG, and a 2x1 one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WIDE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DAwMDAwAAADgQBANpEXX8AAAAASUVORK5CYII=',
  'base64',
);
const MAX_UPLOAD = 4096;

let server: TestServer;
let org: TestOrganization;
let spaceId = '';

beforeAll(async () => {
  server = await startTestServer({
    QUIRE_FILE_MAX_BYTES: String(MAX_UPLOAD),
    QUIRE_FILE_INLINE_MAX_BYTES: '1000',
  });
  org = await createOrganization(server);
  const space = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Files' },
  });
  spaceId = space.body.id;
});
afterAll(() => server.close());

/** The byte upload: the bytes as the body. */
async function uploadBytes(
  path: string,
  token: string,
  bytes: Uint8Array<ArrayBuffer>,
  query: string,
  contentType = 'image/png',
): Promise<ApiResponse> {
  const response = await fetch(`${server.url}${path}/content/files/upload?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: bytes,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const files = async (path = `/v1/spaces/${spaceId}`) =>
  (await server.api(`${path}/content/files`, { token: org.admin.token })).body.items;

const download = (downloadURL: string) => fetch(downloadURL.replace(server.config.publicUrl, server.url));

describe('uploading', () => {
  it('says the limits, then takes bytes as the body and base64 as JSON', async () => {
    const limits = await server.api(`/v1/spaces/${spaceId}/content/file-limits`, { token: org.admin.token });
    expect(limits.body).toEqual({ maxUploadBytes: MAX_UPLOAD, maxInlineBytes: 1000 });

    const uploaded = await uploadBytes(`/v1/spaces/${spaceId}`, org.admin.token, PNG, 'name=logo.png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ name: 'logo.png', contentType: 'image/png', size: PNG.length });
    expect(uploaded.body.dimensions).toEqual({ width: 1, height: 1 });
    expect(Buffer.from(await (await download(uploaded.body.downloadURL)).arrayBuffer())).toEqual(PNG);

    const inline = await server.api(`/v1/spaces/${spaceId}/content/files`, {
      method: 'POST',
      token: org.admin.token,
      body: { name: 'wide.png', contentType: 'image/png', base64: WIDE_PNG.toString('base64') },
    });
    expect(inline.status, JSON.stringify(inline.body)).toBe(201);
    expect(inline.body.dimensions).toEqual({ width: 2, height: 1 });
    const listed = (await files()).map((file: { id: string }) => file.id);
    expect(listed).toEqual(expect.arrayContaining([uploaded.body.id, inline.body.id]));
  });

  it('refuses a file over the limit with 413 naming the field, and writes nothing', async () => {
    const before = await files();
    const big = new Uint8Array(MAX_UPLOAD + 1);
    const refused = await uploadBytes(
      `/v1/spaces/${spaceId}`,
      org.admin.token,
      big,
      'name=big.bin',
      'application/octet-stream',
    );
    expect(refused.status).toBe(413);
    expect(refused.body.error.code).toBe(413);
    expect(refused.body.error.issues.map((issue: { field: string }) => issue.field)).toEqual(['body']);
    const inline = await server.api(`/v1/spaces/${spaceId}/content/files`, {
      method: 'POST',
      token: org.admin.token,
      body: {
        name: 'big.bin',
        contentType: 'application/octet-stream',
        base64: Buffer.from(new Uint8Array(1001)).toString('base64'),
      },
    });
    expect(inline.status).toBe(413);
    expect(inline.body.error.issues[0].field).toBe('base64');
    expect(await files()).toEqual(before);
  });

  it('refuses a missing name, and bytes given twice or not at all', async () => {
    const noName = await uploadBytes(`/v1/spaces/${spaceId}`, org.admin.token, PNG, '');
    expect(noName.status).toBe(400);
    expect(noName.body.error.issues.map((issue: { field: string }) => issue.field)).toContain('name');
    const none = await server.api(`/v1/spaces/${spaceId}/content/files`, {
      method: 'POST',
      token: org.admin.token,
      body: { name: 'x.png' },
    });
    expectFieldError(none, 'base64');
    const forged = await server.api(`/v1/spaces/${spaceId}/content/files`, {
      method: 'POST',
      token: org.admin.token,
      body: { name: 'x.png', upload: 'not-a-held-token' },
    });
    expectFieldError(forged, 'body');
  });

  it('refuses a name that shows as another (a right-to-left override), or holds a control or a path', async () => {
    const before = await files();
    const tricks = [
      'invoice\u202Efdp.exe',
      'report.pdf\u0000.html',
      'two\nlines.png',
      '../up.png',
      'a\\b.png',
    ];
    for (const name of tricks) {
      const bytes = await uploadBytes(
        `/v1/spaces/${spaceId}`,
        org.admin.token,
        PNG,
        `name=${encodeURIComponent(name)}`,
      );
      expectFieldError(bytes, 'name');
    }
    const inserted = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: {
        changes: [
          {
            operation: 'insert_files',
            files: [{ name: tricks[0], base64: PNG.toString('base64'), contentType: 'image/png' }],
          },
        ],
      },
    });
    expectFieldError(inserted, 'changes.0.files.0.name');
    const renamed = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'update_file', file: before[0].id, name: tricks[0] }] },
    });
    expectFieldError(renamed, 'changes.0.name');
    expect(await files()).toEqual(before);
  });

  it('uploads into a change request, leaving the live content as it was', async () => {
    const changeRequest = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
      method: 'POST',
      token: org.admin.token,
      body: { subject: 'Diagrams' },
    });
    const live = await files();
    const path = `/v1/spaces/${spaceId}/change-requests/${changeRequest.body.id}`;
    const uploaded = await uploadBytes(path, org.admin.token, WIDE_PNG, 'name=diagram.png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect((await files(path)).map((file: { id: string }) => file.id)).toContain(uploaded.body.id);
    expect(await files()).toEqual(live);
  });

  it('refuses an upload into a merged or archived change request with 409, before any byte is stored', async () => {
    const merged = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
      method: 'POST',
      token: org.admin.token,
      body: { subject: 'Merged' },
    });
    const merge = await server.api(`/v1/spaces/${spaceId}/change-requests/${merged.body.id}/merge`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect(merge.status, JSON.stringify(merge.body)).toBe(200);
    const archived = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
      method: 'POST',
      token: org.admin.token,
      body: { subject: 'Archived' },
    });
    const archive = await server.api(`/v1/spaces/${spaceId}/change-requests/${archived.body.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { status: 'archived' },
    });
    expect(archive.status, JSON.stringify(archive.body)).toBe(200);
    for (const [i, changeRequest] of [merged.body, archived.body].entries()) {
      const path = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}`;
      // Bytes no test stores elsewhere: the blob store holds them only if this upload stored them.
      const bytes = new Uint8Array(Buffer.from(`bytes of a refused upload ${i} ${changeRequest.id}`));
      const inline = Buffer.from(`inline bytes of a refused upload ${i} ${changeRequest.id}`);
      const before = await files(path);
      const refused = await uploadBytes(path, org.admin.token, bytes, 'name=late.txt', 'text/plain');
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      const refusedInline = await server.api(`${path}/content/files`, {
        method: 'POST',
        token: org.admin.token,
        body: { name: 'late.txt', contentType: 'text/plain', base64: inline.toString('base64') },
      });
      expect(refusedInline.status, JSON.stringify(refusedInline.body)).toBe(409);
      for (const sent of [bytes, inline])
        expect(await server.services.blobs.has(createHash('sha256').update(sent).digest('hex'))).toBe(false);
      expect(await files(path)).toEqual(before);
    }
  });
});

describe('a change request merged while an upload streams', () => {
  it('refuses the upload once its bytes arrived, and stores none of them', async () => {
    const changeRequest = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
      method: 'POST',
      token: org.admin.token,
      body: { subject: 'Merged meanwhile' },
    });
    const path = `/v1/spaces/${spaceId}/change-requests/${changeRequest.body.id}`;
    const bytes = Buffer.from(`bytes that arrive while ${changeRequest.body.id} is merged`);
    // Told when the operation takes the upload's bytes: its checks passed, it starts reading them.
    const received = (server.services as unknown as { incomingFiles: ServerIncomingFiles }).incomingFiles
      .received;
    const take = received.take;
    let reading!: () => void;
    const read = new Promise<void>((resolve) => {
      reading = resolve;
    });
    received.take = (token, taking) => {
      reading();
      return take.call(received, token, taking);
    };
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent++ === 0) return controller.enqueue(new Uint8Array(bytes.subarray(0, 8)));
        await released;
        controller.enqueue(new Uint8Array(bytes.subarray(8)));
        controller.close();
      },
    });
    try {
      const uploading = fetch(`${server.url}${path}/content/files/upload?name=late.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.admin.token}`, 'content-type': 'text/plain' },
        body,
        duplex: 'half',
      } as RequestInit);
      await read;
      const merge = await server.api(`${path}/merge`, { method: 'POST', token: org.admin.token });
      expect(merge.status, JSON.stringify(merge.body)).toBe(200);
      release();
      const refused = await uploading;
      expect(refused.status, await refused.clone().text()).toBe(409);
      expect(await server.services.blobs.has(createHash('sha256').update(bytes).digest('hex'))).toBe(false);
    } finally {
      received.take = take;
      release();
    }
  });
});

describe('renaming, replacing, deleting', () => {
  it('renames and replaces a file under the same id, which its pages keep showing; deletes it', async () => {
    const uploaded = await uploadBytes(`/v1/spaces/${spaceId}`, org.admin.token, PNG, 'name=shown.png');
    const fileId = uploaded.body.id as string;
    const page = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: {
        changes: [
          { operation: 'insert_page', title: 'Shows', document: { markdown: `![shown](/files/${fileId})` } },
        ],
      },
    });
    const pageId = page.body.changes[0].page.id;

    const renamed = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'update_file', file: fileId, name: 'renamed.png' }] },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const afterRename = await server.api(`/v1/spaces/${spaceId}/content/files/${fileId}`, {
      token: org.admin.token,
    });
    expect(afterRename.body).toMatchObject({ id: fileId, name: 'renamed.png', size: PNG.length });

    const replaced = await uploadBytes(
      `/v1/spaces/${spaceId}`,
      org.admin.token,
      WIDE_PNG,
      `name=renamed.png&replace=${fileId}`,
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(201);
    expect(replaced.body).toMatchObject({
      id: fileId,
      name: 'renamed.png',
      size: WIDE_PNG.length,
      dimensions: { width: 2, height: 1 },
    });
    expect(Buffer.from(await (await download(replaced.body.downloadURL)).arrayBuffer())).toEqual(WIDE_PNG);

    const used = await server.api(`/v1/spaces/${spaceId}/content/files/${fileId}/backlinks`, {
      token: org.admin.token,
    });
    expect(used.body.items.map((item: { page: { id: string } }) => item.page.id)).toEqual([pageId]);

    const deleted = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'delete_file', file: fileId }] },
    });
    expect(deleted.status).toBe(200);
    expect((await files()).map((file: { id: string }) => file.id)).not.toContain(fileId);
  });

  it('refuses a file the content does not have, and a change that changes nothing', async () => {
    const before = await files();
    for (const change of [
      { operation: 'update_file', file: 'nofile', name: 'x.png' },
      { operation: 'delete_file', file: 'nofile' },
    ]) {
      const refused = await server.api(`/v1/spaces/${spaceId}/content`, {
        method: 'POST',
        token: org.admin.token,
        body: { changes: [change] },
      });
      expectFieldError(refused, 'changes.0.file');
    }
    const empty = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'update_file', file: before[0].id }] },
    });
    expect(empty.status).toBe(400);
    const replaceMissing = await uploadBytes(
      `/v1/spaces/${spaceId}`,
      org.admin.token,
      PNG,
      'name=x.png&replace=nofile',
    );
    expect(replaceMissing.status).toBe(404);
    expect(await files()).toEqual(before);
  });
});

describe('who may', () => {
  it('needs edit rights: a reader is refused (403), a stranger does not see the space (404), nothing written', async () => {
    const before = await files();
    const reader = await addMember(server, org.organization.id, 'read');
    const stranger = await createUser(server);
    const asReader = await uploadBytes(`/v1/spaces/${spaceId}`, reader.token, PNG, 'name=r.png');
    expect(asReader.status).toBe(403);
    const asStranger = await uploadBytes(`/v1/spaces/${spaceId}`, stranger.token, PNG, 'name=s.png');
    expect(asStranger.status).toBe(404);
    expect(asStranger.body.error.code).toBe(404);
    const limits = await server.api(`/v1/spaces/${spaceId}/content/file-limits`, { token: stranger.token });
    expect(limits.status).toBe(404);
    const unauthenticated = await fetch(
      `${server.url}/v1/spaces/${spaceId}/content/files/upload?name=a.png`,
      {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: PNG,
      },
    );
    expect(unauthenticated.status).toBe(401);
    expect(await files()).toEqual(before);
  });
});
