/**
 * A reader's answer is sent once. A Fastify reply is a thenable that settles, with no value,
 * once sent, so awaiting a promise of one reads as "not answered": the reader then sent its
 * 404 page after the page itself, which Fastify refused with an error and a warning in the log
 * on every page served. Checked through the log, at warning level, of a real server.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage } from './reader-fixture';

const warnings: string[] = [];
let server: TestServer;
let base: string;

beforeAll(async () => {
  const stream = new Writable({
    write(line, _encoding, callback) {
      warnings.push(String(line));
      callback();
    },
  });
  server = await startTestServer({}, { logger: { level: 'warn', stream } });
  const org = await createOrganization(server);
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await server.api(path, { method, token: org.admin.token, body });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status}`);
    return response.body as { id: string };
  };
  const orgPath = `/v1/orgs/${org.organization.id}`;
  const space = await admin('POST', `${orgPath}/spaces`, { title: 'Docs' });
  await admin('POST', `/v1/spaces/${space.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Welcome', document: { markdown: 'Hello.\n' } }],
  });
  const site = `${orgPath}/sites/${(await admin('POST', `${orgPath}/sites`, { title: 'Small' })).id}`;
  await admin('PATCH', site, { basename: 'small' });
  await admin('POST', `${site}/sections`, { spaceId: space.id, title: 'Docs' });
  await admin('POST', `${site}/publish`);
  base = `/~sites/${org.organization.id}/small/`;
});
afterAll(() => server.close());

it('answers a page, rendered and then from the cache, a 304 and a missing page each once', async () => {
  const rendered = await getPage(server, `${base}welcome`);
  expect(rendered.status).toBe(200);
  const cached = await getPage(server, `${base}welcome`);
  expect(cached.status).toBe(200);
  expect(cached.body).toBe(rendered.body);
  const unchanged = await getPage(server, `${base}welcome`, { 'if-none-match': String(cached.headers.etag) });
  expect(unchanged.status).toBe(304);
  expect((await getPage(server, `${base}nothing-here`)).status).toBe(404);
  expect(warnings).toEqual([]);
});
