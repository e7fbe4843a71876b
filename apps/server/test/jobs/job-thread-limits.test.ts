/**
 * The heavy part of jobs runs in job threads under limits (issue 25, item 2), through real
 * HTTP on a server whose job threads may use 48 MB of heap. Each heavy kind is given an
 * ordinary input that needs more (a normal server reads it, in a heap of a few hundred MB):
 * an import of a 350 KB HTML manual, the PDF of a space with one long page, a 4.6 MB OpenAPI
 * description. Each fails with a message naming the limit (no stack, no thread), not
 * retried; `/healthz` and an ordinary request answer while it runs and after, and the next
 * job of the kind is run by a new thread.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

const SECTIONS = 3000;
const OPERATIONS = 15_000;
const petstore = (paths: number) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Big store', version: '1.0.0' },
    paths: Object.fromEntries(
      Array.from({ length: paths }, (_, i) => [
        `/pets/${i}/{petId}`,
        {
          get: {
            summary: `Pet ${i}`,
            parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'The pet',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { id: { type: 'string' }, name: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      ]),
    ),
  });
const bigSpec = petstore(OPERATIONS);
const longPage = Array.from(
  { length: 4500 },
  (_, i) =>
    `Paragraph ${i} explains **how the service** handles [requests](https://example.com/${i}) and \`values\`.`,
).join('\n\n');
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
    else if (path === '/big.json')
      response.writeHead(200, { 'content-type': 'application/json' }).end(bigSpec);
    else if (path === '/small.json')
      response.writeHead(200, { 'content-type': 'application/json' }).end(petstore(2));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1', QUIRE_JOB_THREAD_MEMORY_MB: '48' });
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

/** Runs `start` and, until it settles, checks that the API answers; answers what `start` did. */
async function answeringMeanwhile<T>(
  org: TestOrganization,
  space: Json,
  start: () => Promise<T>,
): Promise<T> {
  let ended = false;
  const running = start().finally(() => {
    ended = true;
  });
  let answered = 0;
  while (!ended) {
    await expectAnswering(org, space);
    answered++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(answered).toBeGreaterThan(0);
  return running;
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

    const failed = await answeringMeanwhile(org, space, () =>
      importEnded(org, space, { url: `${origin}/manual.html`, source: 'html' }),
    );
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'Reading the source needed more than the 48 MB of memory a job may use',
    });
    await expectAnswering(org, space);

    // The thread that ran out was replaced: the next import is read.
    const next = await importEnded(org, space, { url: `${origin}/notes.md`, source: 'markdown' });
    expect(next).toMatchObject({ status: 'done' });
    const content = (await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token })).body;
    expect(content.id).toBe(next.revision);
  }, 120_000);

  it('a PDF whose drawing needs more memory than a job thread has fails alone; the API keeps answering', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    // Three long pages, one batch each (a request's body is bounded), drawn into one PDF: since the
    // markdown reader stopped allocating per character, one page of 4,500 paragraphs no longer
    // needs 48 MB to draw; two did in the runs that set this, three leave a margin.
    for (let i = 0; i < 3; i++) {
      const edit = await server.api(`/v1/spaces/${space.id}/content`, {
        method: 'POST',
        token: org.admin.token,
        body: {
          changes: [{ operation: 'insert_page', title: `Long ${i}`, document: { markdown: longPage } }],
        },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    }
    const link = await server.api(`/v1/spaces/${space.id}/pdf`, { token: org.admin.token });
    const url = server.url + (link.body.url as string).slice(server.config.publicUrl.length);
    const response = await answeringMeanwhile(org, space, () => fetch(url));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 500, message: 'Drawing the PDF needed more than the 48 MB of memory a job may use' },
    });
    await expectAnswering(org, space);

    const short = await newSpace(org);
    await server.api(`/v1/spaces/${short.id}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'insert_page', title: 'Short', document: { markdown: 'Short.' } }] },
    });
    const shortLink = await server.api(`/v1/spaces/${short.id}/pdf`, { token: org.admin.token });
    const drawn = await fetch(
      server.url + (shortLink.body.url as string).slice(server.config.publicUrl.length),
    );
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get('content-type')).toBe('application/pdf');
  }, 120_000);

  it('an OpenAPI description whose processing needs more memory than a job thread has fails alone', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    const spec = `/v1/orgs/${org.organization.id}/openapi/big`;
    const processed = async (slug: string): Promise<Json> => {
      for (;;) {
        const { body } = await server.api(`/v1/orgs/${org.organization.id}/openapi/${slug}`, {
          token: org.admin.token,
        });
        if (body.processingState !== 'pending' && body.processingState !== 'progress') return body;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const failed = await answeringMeanwhile(org, space, async () => {
      const put = await server.api(spec, {
        method: 'PUT',
        token: org.admin.token,
        body: { source: { url: `${origin}/big.json` } },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      return processed('big');
    });
    expect(failed).toMatchObject({
      lastProcessErrorCode: 'PARSE_ERROR',
      lastProcessErrorMessage:
        'Processing the specification needed more than the 48 MB of memory a job may use',
    });
    await expectAnswering(org, space);

    await server.api(`/v1/orgs/${org.organization.id}/openapi/small`, {
      method: 'PUT',
      token: org.admin.token,
      body: { source: { url: `${origin}/small.json` } },
    });
    const small = await processed('small');
    expect(small.lastProcessErrorCode).toBeUndefined();
    expect(small.lastVersion).toEqual(expect.any(String));
  }, 120_000);
});
