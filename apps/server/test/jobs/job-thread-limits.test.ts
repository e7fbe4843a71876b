/**
 * The heavy part of jobs runs in job threads under limits (issue 25, item 2), through real
 * HTTP on a server whose job threads may use 32 MB of heap: an import whose reading needs
 * more (an ordinary 350 KB HTML manual: a normal server reads it, in a heap of a few hundred
 * MB) fails its job with a message naming the limit, without stack or thread, and is not
 * retried; `/healthz` and an ordinary request answer while it runs and after, and the next
 * import is read by a new thread.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

const SECTIONS = 3000;
const manual =
  '<!doctype html><html><head><title>Manual</title></head><body><main><h1>Manual</h1>' +
  Array.from(
    { length: SECTIONS },
    (_, i) =>
      `<h2>Section ${i}</h2><p>Section ${i} explains <b>how</b> the <a href="https://example.com/${i}">service</a> works.</p>`,
  ).join('') +
  '</main></body></html>';

let server: TestServer;
let site: Server;
let origin = '';

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/notes.md')
      response.writeHead(200, { 'content-type': 'text/markdown' }).end('# Notes\n\nSome **notes**.\n');
    else if (path === '/manual.html') response.writeHead(200, { 'content-type': 'text/html' }).end(manual);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1', QUIRE_JOB_THREAD_MEMORY_MB: '32' });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => site?.close(resolve));
});

async function newSpace(org: TestOrganization): Promise<Json> {
  const response = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Imports' },
  });
  return response.body;
}

/**
 * Imports into the space; answers the import once it has ended. An import that fails within
 * the request's wait is answered 400 naming the source's URL: then its `error` is that message.
 */
async function importEnded(org: TestOrganization, space: Json, body: Record<string, string>): Promise<Json> {
  const response = await server.api(`/v1/spaces/${space.id}/content/import`, {
    method: 'POST',
    token: org.admin.token,
    body,
  });
  if (response.status === 400) {
    expect(response.body.error.issues).toEqual([{ field: 'url', message: expect.any(String) }]);
    return { status: 'failed', error: response.body.error.issues[0].message };
  }
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  for (;;) {
    const job = (
      await server.api(`/v1/spaces/${space.id}/content/imports/${response.body.import.id}`, {
        token: org.admin.token,
      })
    ).body;
    if (job.status !== 'pending' && job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `/healthz` and an ordinary read, each answered 200. */
async function expectAnswering(org: TestOrganization, space: Json): Promise<void> {
  expect((await server.api('/healthz')).status).toBe(200);
  expect((await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token })).status).toBe(200);
}

describe('job threads under limits', () => {
  it('an import that needs more memory than a job thread has fails alone; the API keeps answering', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    // A thread this small still reads an ordinary file.
    expect(await importEnded(org, space, { url: `${origin}/notes.md`, source: 'markdown' })).toMatchObject({
      status: 'done',
    });

    let ended = false;
    const bomb = importEnded(org, space, { url: `${origin}/manual.html`, source: 'html' }).finally(() => {
      ended = true;
    });
    let answeredMeanwhile = 0;
    while (!ended) {
      await expectAnswering(org, space);
      answeredMeanwhile++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answeredMeanwhile).toBeGreaterThan(0);
    const failed = await bomb;
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'Reading the source needed more than the 32 MB of memory a job may use',
    });
    await expectAnswering(org, space);

    // The thread that ran out was replaced: the next import is read.
    const next = await importEnded(org, space, { url: `${origin}/notes.md`, source: 'markdown' });
    expect(next).toMatchObject({ status: 'done' });
    const content = (await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token })).body;
    expect(content.id).toBe(next.revision);
  }, 120_000);
});
