/**
 * Page covers and icons (issue 30, item 1), through real HTTP. `update_page` takes `cover`
 * (Quire's addition, in GitBook's `RevisionPageDocumentCover` shape; null removes it), the
 * same on the three faces; a page read answers it as GitBook 0.202.0 documents a page; a file
 * the same batch inserts is named by its `ref` and stored by its id; a cover set in a change
 * request is one of its semantic changes and lands with its merge. Refused with a 400 naming
 * the field, nothing written: a cover on a group, one without a position, a script address,
 * a height past 700. The icons the web app shows come from `/icons/<name>.svg`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mismatches0202 } from '../official-client/openapi-spec-0202';
import { expectFieldError } from '../support/expectations';
import { callFace, callFaces, findRoute } from '../support/faces/call-faces';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

/** A 1x1 PNG. */
const DOT =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function call(token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await server.api(path, { method, token, ...(body === undefined ? {} : { body }) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

async function fixture() {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
  const spaceId = space.id as string;
  const made = await call(token, 'POST', `/v1/spaces/${spaceId}/content`, {
    changes: [
      { operation: 'insert_page', ref: 'home', title: 'Home', document: { markdown: 'Welcome.\n' } },
      { operation: 'insert_page', type: 'group', ref: 'guides', title: 'Guides' },
    ],
  });
  const [home, guides] = made.changes.map((change: Json) => change.page.id as string);
  return { org, token, spaceId, home: home as string, guides: guides as string };
}

const pageOf = (token: string, spaceId: string, pageId: string): Promise<Json> =>
  call(token, 'GET', `/v1/spaces/${spaceId}/content/page/${pageId}`);

describe('a page cover set by the batch', () => {
  it('is stored with a file the batch inserts, read in GitBook 0.202.0 shape, and removed by null', async () => {
    const f = await fixture();
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'insert_files',
          files: [{ name: 'cover.png', contentType: 'image/png', base64: DOT, ref: 'cover-image' }],
        },
        {
          operation: 'update_page',
          page: f.home,
          icon: 'rocket',
          cover: { ref: { kind: 'file', file: 'cover-image' }, yPos: -30, height: 320 },
        },
      ],
    });
    const files = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content/files`);
    const fileId = files.items.find((file: Json) => file.name === 'cover.png')?.id;
    expect(fileId).toBeTruthy();
    const page = await pageOf(f.token, f.spaceId, f.home);
    expect(page.cover).toEqual({ ref: { kind: 'file', file: fileId }, yPos: -30, height: 320 });
    expect(page.icon).toBe('rocket');
    // Against 0.202.0, the cover is as GitBook documents it: no mismatch names it.
    expect(
      mismatches0202('getPageById', 200, page).filter((problem) => problem.startsWith('/cover')),
    ).toEqual([]);
    const listed = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content/pages`);
    expect(listed.pages[0].cover).toEqual(page.cover);
    expect(mismatches0202('listPages', 200, listed).filter((problem) => problem.includes('/cover'))).toEqual(
      [],
    );

    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'update_page', page: f.home, cover: null, icon: '' }],
    });
    const bare = await pageOf(f.token, f.spaceId, f.home);
    expect(bare.cover).toBeUndefined();
    expect(bare.icon).toBeUndefined();
  });

  it('is written and read the same on REST, GraphQL and tRPC', async () => {
    const f = await fixture();
    const route = findRoute('POST /v1/spaces/:spaceId/content');
    const read = findRoute('GET /v1/spaces/:spaceId/content/page/:pageId');
    if (!route || !read) throw new Error('no content routes');
    // Each face writes its own position: the page read after it holds that face's.
    for (const [yPos, face] of (['rest', 'graphql', 'trpc'] as const).entries()) {
      const cover = { ref: { kind: 'url', url: 'https://example.com/cover.jpg' }, yPos: -10 * (yPos + 1) };
      const written = await callFace(server, face, {
        route,
        input: { spaceId: f.spaceId, changes: [{ operation: 'update_page', page: f.home, cover }] },
        token: f.token,
      });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      expect((await pageOf(f.token, f.spaceId, f.home)).cover).toEqual(cover);
    }
    const pages = await callFaces(server, {
      route: read,
      input: { spaceId: f.spaceId, pageId: f.home },
      token: f.token,
    });
    expect(pages.trpc.data).toEqual(pages.rest.data);
    expect(pages.graphql.status).toBe(200);
  });

  it('is one of a change request’s changes and lands with its merge', async () => {
    const f = await fixture();
    const created = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, {
      subject: 'Cover',
    });
    const cover = { ref: { kind: 'url', url: 'https://example.com/wide.png' }, yPos: -12 };
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${created.id}/content`, {
      changes: [{ operation: 'update_page', page: f.home, cover }],
    });
    const changes = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/change-requests/${created.id}/changes`,
    );
    const edited = (changes.items ?? changes.changes ?? changes).find(
      (change: Json) => change.type === 'page_edited' && change.page.id === f.home,
    );
    expect(edited?.attributes.cover).toEqual({ after: cover });
    expect((await pageOf(f.token, f.spaceId, f.home)).cover).toBeUndefined();
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${created.id}/merge`);
    expect((await pageOf(f.token, f.spaceId, f.home)).cover).toEqual(cover);
  });
});

describe('a page cover refused', () => {
  const cases: Array<[string, (f: Awaited<ReturnType<typeof fixture>>) => Json, string]> = [
    [
      'on a group',
      (f) => ({ page: f.guides, cover: { ref: { kind: 'url', url: 'https://example.com/a.png' }, yPos: 0 } }),
      'changes.0.cover',
    ],
    [
      'without a position',
      (f) => ({ page: f.home, cover: { ref: { kind: 'url', url: 'https://example.com/a.png' } } }),
      'changes.0.cover.yPos',
    ],
    [
      'from a script address',
      (f) => ({ page: f.home, cover: { ref: { kind: 'url', url: 'javascript:alert(1)' }, yPos: 0 } }),
      'changes.0.cover.ref.url',
    ],
    [
      'taller than 700 pixels',
      (f) => ({
        page: f.home,
        cover: { ref: { kind: 'url', url: 'https://example.com/a.png' }, yPos: 0, height: 701 },
      }),
      'changes.0.cover.height',
    ],
  ];
  it.each(cases)('%s, naming the field, with nothing written', async (_title, change, field) => {
    const f = await fixture();
    const before = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}`);
    const refused = await server.api(`/v1/spaces/${f.spaceId}/content`, {
      method: 'POST',
      token: f.token,
      body: { changes: [{ operation: 'update_page', ...change(f) }] },
    });
    expectFieldError(refused, field);
    expect((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}`)).revision).toBe(before.revision);
  });
});

describe('icons for the web app', () => {
  it('draws a known icon as SVG, lists the names, and answers 404 for another name', async () => {
    const svg = await fetch(`${server.url}/icons/rocket.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"><path /,
    );
    const names = (await (await fetch(`${server.url}/icons/names.json`)).json()) as string[];
    expect(names).toContain('rocket');
    expect(names.length).toBeGreaterThan(1000);
    for (const name of ['not-an-icon-anywhere', '..%2Fsecret', 'rocket.png'])
      expect((await fetch(`${server.url}/icons/${name}${name.endsWith('.png') ? '' : '.svg'}`)).status).toBe(
        404,
      );
  });
});
