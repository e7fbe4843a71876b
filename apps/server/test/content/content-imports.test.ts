/**
 * Imports through real HTTP: `POST SPACE/content/import` and `POST CR/content/import` from
 * a local site (allowed with QUIRE_FETCH_ALLOW_HOSTS), one revision each; a slow import
 * that goes on in the background with its progress at `GET SPACE/content/imports/{id}`;
 * refusals (a source Quire does not read, a private address, a locked space, a reader, an
 * outsider) that write nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

let server: TestServer;
let refusing: TestServer;
let site: Server;
let origin = '';
const SLOW_PAGES = 24;
const SLOW_MS = 700;

const page = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav>` +
  `<main><article><h1>${title}</h1><p>${body}</p><ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></article></main>` +
  '<footer>Footer text</footer></body></html>';

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/notes.md') {
      response.writeHead(200, { 'content-type': 'text/markdown' }).end('# Notes\n\nSome **notes**.\n');
      return;
    }
    const slow = /^\/slow\/(\d+)?$/.exec(path);
    if (slow) {
      const n = Number(slow[1] ?? 0);
      const links = n === 0 ? Array.from({ length: SLOW_PAGES }, (_, i) => `/slow/${i + 1}`) : [];
      setTimeout(
        () =>
          response.writeHead(200, { 'content-type': 'text/html' }).end(page(`Slow ${n}`, 'Slowly.', links)),
        SLOW_MS,
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  refusing = await startTestServer();
  // The tests time imports against the request's 3 s wait: a server whose job thread has loaded
  // its code, as it has shortly after starting (on a loaded machine, loading takes seconds).
  await Promise.all([server, refusing].map((quire) => quire.services.jobThreads.run('warm', null)));
}, 60_000);
afterAll(async () => {
  await Promise.all([server.close(), refusing.close()]);
  await new Promise((resolve) => site.close(resolve));
});

async function newSpace(
  quire: TestServer,
  org: TestOrganization,
  body: Record<string, unknown> = {},
): Promise<Json> {
  const response = await quire.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Imports', ...body },
  });
  return response.body;
}

const importInto = (quire: TestServer, token: string, path: string, body: unknown) =>
  quire.api(`${path}/content/import`, { method: 'POST', token, body });

describe('content import', () => {
  it('imports a markdown file into a space as one revision', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(server, org);
    const response = await importInto(server, org.admin.token, `/v1/spaces/${space.id}`, {
      url: `${origin}/notes.md`,
      source: 'markdown',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      importedResources: 1,
      totalResources: 1,
      import: { status: 'done' },
    });
    const content = (await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token })).body;
    expect(content.id).toBe(response.body.revision);
    expect(content.parents).toEqual([space.revision]);
    expect(content.pages.map((p: Json) => p.title)).toEqual(['Notes']);
  });

  it('imports into a change request, not the space', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(server, org);
    const cr = (
      await server.api(`/v1/spaces/${space.id}/change-requests`, {
        method: 'POST',
        token: org.admin.token,
        body: { subject: 'Import' },
      })
    ).body;
    const response = await importInto(
      server,
      org.admin.token,
      `/v1/spaces/${space.id}/change-requests/${cr.number}`,
      {
        url: `${origin}/notes.md`,
        source: 'markdown',
      },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const crContent = (
      await server.api(`/v1/spaces/${space.id}/change-requests/${cr.number}/content`, {
        token: org.admin.token,
      })
    ).body;
    expect(crContent.pages.map((p: Json) => p.title)).toEqual(['Notes']);
    const spaceContent = (await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token }))
      .body;
    expect(spaceContent.pages).toEqual([]);
  });

  it('goes on in the background when it takes longer than a few seconds, with its progress readable', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(server, org);
    const response = await importInto(server, org.admin.token, `/v1/spaces/${space.id}`, {
      url: `${origin}/slow/`,
      source: 'website',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.revision).toBe('');
    expect(response.body.import.status).toBe('running');
    let job: Json;
    for (;;) {
      job = (
        await server.api(`/v1/spaces/${space.id}/content/imports/${response.body.import.id}`, {
          token: org.admin.token,
        })
      ).body;
      if (job.status !== 'running' && job.status !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(job).toMatchObject({ status: 'done', done: SLOW_PAGES + 1, total: SLOW_PAGES + 1 });
    const after = (await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token })).body;
    expect(after.revision).toBe(job.revision);
    const other = await createOrganization(server);
    expectError(
      await server.api(`/v1/spaces/${space.id}/content/imports/${job.id}`, { token: other.admin.token }),
      404,
    );
  }, 30_000);

  it('refuses what it cannot import, and those who may not, writing nothing', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(server, org);
    const locked = await newSpace(server, org, { editMode: 'locked' });
    const reader = await addMember(server, org.organization.id, 'read');
    const outsider = await createOrganization(server);
    const url = `${origin}/notes.md`;
    expectFieldError(
      await importInto(server, org.admin.token, `/v1/spaces/${space.id}`, { url, source: 'notion' }),
      'source',
    );
    expectFieldError(
      await importInto(server, org.admin.token, `/v1/spaces/${space.id}`, {
        url: 'ftp://x/y',
        source: 'markdown',
      }),
      'url',
    );
    expectFieldError(
      await importInto(server, org.admin.token, `/v1/spaces/${space.id}`, {
        url: `${origin}/missing.md`,
        source: 'markdown',
      }),
      'url',
    );
    expectError(
      await importInto(server, org.admin.token, `/v1/spaces/${locked.id}`, { url, source: 'markdown' }),
      409,
    );
    expectError(
      await importInto(server, reader.token, `/v1/spaces/${space.id}`, { url, source: 'markdown' }),
      403,
    );
    expectError(
      await importInto(server, outsider.admin.token, `/v1/spaces/${space.id}`, { url, source: 'markdown' }),
      404,
    );
    const content = (await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token })).body;
    expect(content.id).toBe(space.revision);

    // Without QUIRE_FETCH_ALLOW_HOSTS, a loopback address is refused.
    const org2 = await createOrganization(refusing);
    const space2 = await newSpace(refusing, org2);
    expectFieldError(
      await importInto(refusing, org2.admin.token, `/v1/spaces/${space2.id}`, { url, source: 'markdown' }),
      'url',
    );
  });
});
