/**
 * A published site for the reader's tests, made through real HTTP: an organization with two
 * spaces — `docs` (Introduction; a group Guides holding Every block, the reader package's
 * fixture of every block type, with Install under it; a link page) and `api` (Reference) — and a
 * public site `handbook` with two sections: Docs (the default; its site spaces: docs, and api
 * again at `v1`) and API (api). Plus GETs of the site's pages, with any `Host`.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createOrganization, type TestOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

export const EVERY_BLOCK_MARKDOWN = readFileSync(
  new URL('../../../../packages/reader/test/fixtures/every-block.md', import.meta.url),
  'utf8',
);

export interface ReaderFixture {
  org: TestOrganization;
  siteId: string;
  /** `/v1/orgs/<org>/sites/<site>`. */
  site: string;
  /** `/~sites/<org>/handbook/`: the site's path on Quire's own address. */
  base: string;
  spaces: { docs: string; api: string };
  pages: { intro: string; every: string; install: string };
  admin(method: string, path: string, body?: unknown): Promise<Json>;
}

export async function readerFixture(server: TestServer): Promise<ReaderFixture> {
  const org = await createOrganization(server);
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await server.api(path, {
      method,
      token: org.admin.token,
      ...(body === undefined ? {} : { body }),
    });
    // No vitest here: the reader's bench makes the same site.
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Json;
  };
  const orgPath = `/v1/orgs/${org.organization.id}`;
  const docs = await admin('POST', `${orgPath}/spaces`, { title: 'Docs' });
  const api = await admin('POST', `${orgPath}/spaces`, { title: 'API' });
  const made = await admin('POST', `/v1/spaces/${docs.id}/content`, {
    changes: [
      {
        operation: 'insert_page',
        ref: 'intro',
        title: 'Introduction',
        document: { markdown: 'Welcome to the handbook.\n' },
      },
      { operation: 'insert_page', type: 'group', ref: 'guides', title: 'Guides' },
      {
        operation: 'insert_page',
        into: 'guides',
        ref: 'every',
        title: 'Every block',
        document: { markdown: EVERY_BLOCK_MARKDOWN },
      },
      {
        operation: 'insert_page',
        into: 'every',
        ref: 'install',
        title: 'Install',
        document: { markdown: 'Run the installer.\n' },
      },
      {
        operation: 'insert_page',
        type: 'link',
        title: 'Status',
        target: { kind: 'url', url: 'https://status.example.com/' },
      },
    ],
  });
  const [intro, , every, install] = made.changes.map((change: Json) => change.page.id as string);
  await admin('POST', `/v1/spaces/${api.id}/content`, {
    changes: [
      {
        operation: 'insert_page',
        title: 'Reference',
        document: { markdown: '# Endpoints\n\nAll of them.\n' },
      },
    ],
  });
  const created = await admin('POST', `${orgPath}/sites`, { title: 'Handbook' });
  const site = `${orgPath}/sites/${created.id}`;
  await admin('PATCH', site, { basename: 'handbook' });
  const docsSection = await admin('POST', `${site}/sections`, { spaceId: docs.id, title: 'Docs' });
  await admin('POST', `${site}/sections`, { spaceId: api.id, title: 'API' });
  await admin('PATCH', `${site}/sections/${(await admin('GET', `${site}/sections`)).items[1].id}`, {
    path: 'api',
  });
  const v1 = await admin('POST', `${site}/site-spaces`, { spaceId: api.id, sectionId: docsSection.id });
  await admin('PATCH', `${site}/site-spaces/${v1.id}`, { path: 'v1' });
  await admin('POST', `${site}/publish`);
  return {
    org,
    siteId: created.id,
    site,
    base: `/~sites/${org.organization.id}/handbook/`,
    spaces: { docs: docs.id, api: api.id },
    pages: { intro, every, install },
    admin,
  };
}

export interface PageAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET of `path` with the headers given (a `Host` of one's choosing), redirects not followed. */
export function getPage(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageAnswer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { hostname, port, path, method: 'GET', headers: { accept: 'text/html', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** A POST of `body` as JSON (or as given text) to `path`, with the headers given (a `Host` of one's choosing). */
export function postPage(
  server: TestServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<PageAnswer> {
  const { hostname, port } = new URL(server.url);
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        hostname,
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(text);
  });
}
