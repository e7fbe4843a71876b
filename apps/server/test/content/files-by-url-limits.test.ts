/**
 * How many files one content batch may have the server fetch by URL: every `insert_files`
 * change takes 20 files and a batch 50 changes, so one request could ask for 1,000 fetches
 * (each up to `QUIRE_FILE_MAX_BYTES` and 15 s, one after the other: hours of one request,
 * gigabytes stored). At most `MAX_FETCHED_FILES` are fetched per batch; past them the batch
 * is refused before anything is fetched, 400 naming the first file past the limit. Through
 * real HTTP, a receiver on 127.0.0.1 (allowed) counting the fetches.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../support/expectations';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let origin: Server;
let originUrl = '';
let fetches = 0;

beforeAll(async () => {
  origin = createServer((_, response) => {
    fetches++;
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  origin.closeAllConnections();
  await new Promise((resolve) => origin.close(resolve));
});

async function batch(changeCount: number) {
  const org = await createOrganization(server);
  const space = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Files' },
  });
  const changes = Array.from({ length: changeCount }, (_, change) => ({
    operation: 'insert_files',
    files: Array.from({ length: 20 }, (_, n) => ({
      name: `f${change}-${n}.png`,
      url: `${originUrl}/${change}/${n}.png`,
    })),
  }));
  return server.api(`/v1/spaces/${space.body.id}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: { changes },
  });
}

describe('files fetched by URL in one batch', () => {
  it('fetches a batch of 20', async () => {
    fetches = 0;
    const response = await batch(1);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(fetches).toBe(20);
  });

  it('refuses a batch of 1,000 before fetching any, naming the 21st', async () => {
    fetches = 0;
    const response = await batch(50);
    expectFieldError(response, 'changes.1.files.0.url');
    expect(response.body.error.message).toContain('at most 20 files may be fetched by URL in one batch');
    expect(fetches).toBe(0);
  });
});
