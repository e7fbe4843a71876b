/**
 * The docx bomb of issue 25 through real HTTP: a docx whose central directory points at a
 * hidden `word/document.xml` of 300 MB (zeros: about 300 KB deflated), tucked inside a
 * stored entry that a reader walking the local headers takes for data. It used to pass the
 * limits and be inflated whole by mammoth (heap out of memory: the server died). Now the
 * import answers 400 naming the source's URL and why (or its job fails so, when the reading
 * outlasts the request's wait), and the server keeps answering; so
 * do the same 300 MB declared honestly (past the limit) and declared as 2 KB (a lie).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../support/expectations';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  type Deflated,
  deflatedZeros,
  localRecord,
  type WrittenEntry,
  ZipWriter,
} from '../support/zip-writer';
import { minimalDocx, paragraph } from './minimal-docx';

const HIDDEN_BYTES = 300 * 1024 * 1024;

let server: TestServer;
let site: Server;
let origin = '';
const served = new Map<string, Uint8Array>();
let zeros: Deflated;

beforeAll(async () => {
  zeros = await deflatedZeros(HIDDEN_BYTES);
  site = createServer((request, response) => {
    const bytes = served.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (bytes === undefined) response.writeHead(404).end();
    else
      response
        .writeHead(200, {
          'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        })
        .end(bytes);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => site?.close(resolve));
});

const harmlessParts = () => Object.entries(unzipSync(minimalDocx(paragraph('Harmless'))));

/** The docx of the issue: the directory's `word/document.xml` is hidden inside a stored pad entry. */
function hiddenDocumentDocx(): Uint8Array {
  const zip = new ZipWriter();
  const parts = harmlessParts();
  for (const [name, data] of parts) if (name !== 'word/document.xml') zip.entry({ name, data });
  const harmless = parts.find(([name]) => name === 'word/document.xml')![1];
  zip.entry({ name: 'word/document.xml', data: harmless }, false);
  const hidden: WrittenEntry = { name: 'word/document.xml', data: zeros };
  const pad = 'word/media/pad.bin';
  const at = zip.entry({ name: pad, data: localRecord(hidden), method: 0 }, false);
  zip.list(hidden, at + 30 + pad.length);
  return zip.finish();
}

/** A well-formed docx whose document is 300 MB of zeros, declaring `declaredSize`. */
function hugeDocumentDocx(declaredSize?: number): Uint8Array {
  const zip = new ZipWriter();
  const lie = declaredSize === undefined ? {} : { uncompressedSize: declaredSize };
  for (const [name, data] of harmlessParts())
    zip.entry(
      name === 'word/document.xml' ? { name, data: zeros, local: lie, central: lie } : { name, data },
    );
  return zip.finish();
}

/** The import once it has ended, read through the API. */
async function importEnd(spaceId: string, id: string, token: string) {
  for (;;) {
    const job = (await server.api(`/v1/spaces/${spaceId}/content/imports/${id}`, { token })).body;
    if (job.status !== 'pending' && job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a docx bomb over HTTP', () => {
  it.each<[string, () => Uint8Array, string]>([
    [
      'a hidden 300 MB document',
      hiddenDocumentDocx,
      'The zip archive is damaged: bytes before the entry "word/document.xml" belong to no listed entry',
    ],
    ['a 300 MB document, declared', () => hugeDocumentDocx(), 'The zip expands to more than 104857600 bytes'],
    [
      'a 300 MB document declared as 2 KB',
      () => hugeDocumentDocx(2048),
      'The zip archive is damaged: the entry "word/document.xml" is not the size it declares',
    ],
  ])(
    '%s: the import is refused with 400, and the server keeps answering',
    async (name, docx, message) => {
      const bytes = docx();
      expect(bytes.byteLength).toBeLessThan(2 * 1024 * 1024);
      const path = `/${name.replaceAll(' ', '-')}.docx`;
      served.set(path, bytes);
      const org = await createOrganization(server);
      const space = (
        await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
          method: 'POST',
          token: org.admin.token,
          body: { title: 'Bombs' },
        })
      ).body;
      const response = await server.api(`/v1/spaces/${space.id}/content/import`, {
        method: 'POST',
        token: org.admin.token,
        body: { url: `${origin}${path}`, source: 'docx' },
      });
      // Refused at once (400 naming the URL), or, when the reading outlasts the request's wait,
      // the import job fails with the same message.
      if (response.status === 400) {
        expectFieldError(response, 'url');
        expect(response.body.error.message).toContain(message);
      } else {
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        const ended = await importEnd(space.id, response.body.import.id, org.admin.token);
        expect(ended).toMatchObject({ status: 'failed', error: message });
      }
      expect((await server.api('/healthz')).status).toBe(200);
      const content = await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token });
      expect(content.status).toBe(200);
      expect(content.body.id).toBe(space.revision);
    },
    60_000,
  );
});
