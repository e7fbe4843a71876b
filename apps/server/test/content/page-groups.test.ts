/**
 * GitBook's page types besides documents (issue 27, item 5), through real HTTP: group pages
 * (`RevisionPageGroup`: a top-level page holding pages, no document) and link pages
 * (`RevisionPageLink`: a title and a target) made, listed, read, renamed, moved and deleted
 * by the content batch, the same on the three faces; kept through a change request and its
 * merge; refused with a 400 naming the field where GitBook's rules forbid them (a group
 * under a page, a group with a document, a page under a link), with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseSchema, validateAgainst } from '../official-client/openapi-spec';
import { expectFieldError } from '../support/expectations';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

async function call(token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await server.api(path, { method, token, ...(body === undefined ? {} : { body }) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

/** A space with a home page, a group "Guides" holding a page and a link, and a link at the top. */
async function fixture() {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
  const spaceId = space.id as string;
  const made = await call(token, 'POST', `/v1/spaces/${spaceId}/content`, {
    changes: [
      { operation: 'insert_page', ref: 'home', title: 'Home', document: { markdown: 'Welcome.\n' } },
      { operation: 'insert_page', type: 'group', ref: 'guides', title: 'Guides' },
      {
        operation: 'insert_page',
        into: 'guides',
        ref: 'install',
        title: 'Install',
        document: { markdown: 'Run the installer.\n' },
      },
      {
        operation: 'insert_page',
        type: 'link',
        into: 'guides',
        title: 'Home again',
        target: { kind: 'page', page: 'home' },
      },
      {
        operation: 'insert_page',
        type: 'link',
        title: 'Status',
        target: { kind: 'url', url: 'https://status.example.com/' },
      },
    ],
  });
  const [home, guides, install, homeLink, status] = made.changes.map(
    (change: Json) => change.page.id as string,
  );
  return { org, token, spaceId, revision: made.revision as string, home, guides, install, homeLink, status };
}

const pagesOf = async (token: string, spaceId: string): Promise<Json[]> =>
  (await call(token, 'GET', `/v1/spaces/${spaceId}/content/pages`)).pages;

describe('group and link pages written by the batch', () => {
  it('lists a group as GitBook does, holding its pages, and links with their targets', async () => {
    const f = await fixture();
    const pages = await pagesOf(f.token, f.spaceId);
    expect(pages.map((page: Json) => [page.title, page.type, page.kind])).toEqual([
      ['Home', 'document', 'sheet'],
      ['Guides', 'group', 'group'],
      ['Status', 'link', 'link'],
    ]);
    const group = pages[1];
    expect(group).toMatchObject({ id: f.guides, slug: 'guides', path: 'guides', hidden: false });
    // A group has no document, so none of a document's fields.
    expect(group.layout).toBeUndefined();
    expect(group.description).toBeUndefined();
    expect(group.pages.map((page: Json) => [page.title, page.type, page.path])).toEqual([
      ['Install', 'document', 'guides/install'],
      ['Home again', 'link', 'guides/home-again'],
    ]);
    expect(group.pages[1].target).toEqual({ kind: 'page', page: f.home });
    expect(group.pages[1].href).toMatch(/\/home$/);
    expect(pages[2]).toMatchObject({
      target: { kind: 'url', url: 'https://status.example.com/' },
      href: 'https://status.example.com/',
    });
    expect(pages[2].pages).toEqual([]);
  });

  it("answers as GitBook's published spec describes the pages list and a group read by id", async () => {
    const f = await fixture();
    const list = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content/pages`);
    expect(validateAgainst(responseSchema('listPages', 200), list)).toEqual([]);
    const group = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content/page/${f.guides}`);
    expect(validateAgainst(responseSchema('getPageById', 200), group)).toEqual([]);
  });

  it('reads a group by id and by path without a body, and its pages with theirs', async () => {
    const f = await fixture();
    for (const format of ['document', 'markdown']) {
      const group = await call(
        f.token,
        'GET',
        `/v1/spaces/${f.spaceId}/content/page/${f.guides}?format=${format}`,
      );
      expect(group).toMatchObject({ id: f.guides, type: 'group', kind: 'group', title: 'Guides' });
      expect(group.document).toBeUndefined();
      expect(group.markdown).toBeUndefined();
      expect(group.pages.map((page: Json) => page.id)).toEqual([f.install, f.homeLink]);
    }
    // A document's body is a document of its own; a group has none.
    const install = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content/page/${f.install}`);
    expect(install.documentId).toEqual(expect.any(String));
    const group = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content/page/${f.guides}`);
    expect(group.documentId).toBeUndefined();
    const byPath = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/path/guides/install?format=markdown`,
    );
    expect(byPath).toMatchObject({ id: f.install, type: 'document', markdown: 'Run the installer.\n' });
  });

  it('finds no group or link in search: they have no text of their own', async () => {
    const f = await fixture();
    const found = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/search?query=guides`);
    expect(JSON.stringify(found)).not.toContain(f.guides);
    const installer = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/search?query=installer`);
    expect(JSON.stringify(installer)).toContain(f.install);
    const status = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/search?query=status`);
    expect(JSON.stringify(status)).not.toContain(f.status);
  });

  it('renames and moves a group, re-targets a link, and deletes a group with its pages', async () => {
    const f = await fixture();
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        { operation: 'update_page', page: f.guides, title: 'User guides', at: 0 },
        { operation: 'update_page', page: f.status, target: { kind: 'url', url: 'https://example.org/up' } },
        // A document moves into the group and out of it like into any page.
        { operation: 'update_page', page: f.home, into: f.guides, at: 0 },
      ],
    });
    let pages = await pagesOf(f.token, f.spaceId);
    expect(pages.map((page: Json) => page.title)).toEqual(['User guides', 'Status']);
    // The slug stays when the title changes (links keep working), as a document's.
    expect(pages[0].slug).toBe('guides');
    expect(pages[0].pages.map((page: Json) => page.title)).toEqual(['Home', 'Install', 'Home again']);
    expect(pages[1].href).toBe('https://example.org/up');

    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'delete_page', page: f.guides }],
    });
    pages = await pagesOf(f.token, f.spaceId);
    expect(pages.map((page: Json) => page.title)).toEqual(['Status']);
  });

  it('answers the same on REST, GraphQL and tRPC, each face writing to a space of its own', async () => {
    const f = await fixture();
    const route = findRoute('POST /v1/spaces/:spaceId/content');
    const list = findRoute('GET /v1/spaces/:spaceId/content/pages');
    if (!route || !list) throw new Error('no content routes');
    const spaces = await Promise.all(
      [0, 1, 2].map(() =>
        call(f.token, 'POST', `/v1/orgs/${f.org.organization.id}/spaces`, { title: 'Face' }),
      ),
    );
    const trees: Json[] = [];
    for (const [at, face] of (['rest', 'graphql', 'trpc'] as const).entries()) {
      const input = {
        spaceId: spaces[at].id,
        changes: [
          { operation: 'insert_page', type: 'group', ref: 'g', title: 'Group' },
          { operation: 'insert_page', into: 'g', title: 'Inside', document: { markdown: 'Text.\n' } },
          { operation: 'insert_page', type: 'group', into: 'g', title: 'Nested' },
        ],
      };
      // Every face refuses a group under a page, naming the field.
      const refused = (await callFaces(server, { route, input, token: f.token }))[face];
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.error?.fields).toContain('changes.2.into');
      const written = (
        await callFaces(server, {
          route,
          input: { ...input, changes: input.changes.slice(0, 2) },
          token: f.token,
        })
      )[face];
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      const read = await callFaces(server, {
        route: list,
        input: { spaceId: spaces[at].id },
        token: f.token,
      });
      expect(read.trpc.data).toEqual(read.rest.data);
      expect(read.graphql.status).toBe(200);
      trees.push(
        (read.rest.data as Json).pages.map((page: Json) => ({
          title: page.title,
          type: page.type,
          pages: page.pages.map((child: Json) => [child.title, child.type]),
        })),
      );
    }
    // callFaces writes on every face each time: each space got the two pages three times.
    expect(trees[0]).toEqual(trees[1]);
    expect(trees[1]).toEqual(trees[2]);
    expect(trees[0][0]).toEqual({ title: 'Group', type: 'group', pages: [['Inside', 'document']] });
  });
});

describe('group and link pages refused where GitBook forbids them', () => {
  const cases: Array<[string, (f: Awaited<ReturnType<typeof fixture>>) => Json[], string]> = [
    [
      'a group under a page',
      (f) => [{ operation: 'insert_page', type: 'group', into: f.home, title: 'G' }],
      'changes.0.into',
    ],
    [
      'a group with a document',
      () => [{ operation: 'insert_page', type: 'group', title: 'G', document: { markdown: 'Body.\n' } }],
      'changes.0.document',
    ],
    ['a document without a document', () => [{ operation: 'insert_page', title: 'P' }], 'changes.0.document'],
    [
      'a link without a target',
      () => [{ operation: 'insert_page', type: 'link', title: 'L' }],
      'changes.0.target',
    ],
    [
      'a link to a script address',
      () => [
        {
          operation: 'insert_page',
          type: 'link',
          title: 'L',
          target: { kind: 'url', url: 'javascript:alert(1)' },
        },
      ],
      'changes.0.target.url',
    ],
    [
      'a target on a document',
      (f) => [
        { operation: 'update_page', page: f.home, target: { kind: 'url', url: 'https://example.com' } },
      ],
      'changes.0.target',
    ],
    [
      'a page under a link',
      (f) => [{ operation: 'insert_page', into: f.status, title: 'P', document: { markdown: 'x\n' } }],
      'changes.0.into',
    ],
    [
      'a group moved under a page',
      (f) => [{ operation: 'update_page', page: f.guides, into: f.home }],
      'changes.0.into',
    ],
    [
      'a page moved under a link',
      (f) => [{ operation: 'update_page', page: f.install, into: f.homeLink }],
      'changes.0.into',
    ],
    [
      'a document given to a group',
      (f) => [{ operation: 'update_page', page: f.guides, document: { markdown: 'Body.\n' } }],
      'changes.0.document',
    ],
    [
      'a link to a page the content does not hold',
      () => [
        { operation: 'insert_page', type: 'link', title: 'L', target: { kind: 'page', page: 'nopage' } },
      ],
      'changes.0.target.page',
    ],
  ];
  it.each(cases)('refuses %s with a 400 naming the field, writing nothing', async (_name, changes, field) => {
    const f = await fixture();
    const before = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`);
    const response = await server.api(`/v1/spaces/${f.spaceId}/content`, {
      method: 'POST',
      token: f.token,
      body: { changes: changes(f) },
    });
    expectFieldError(response, field);
    const after = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`);
    expect(after.id).toBe(before.id);
  });
});

describe("a revision's changes to group and link pages", () => {
  it("names a group or a link as such, and a link's new target as GitBook's content references", async () => {
    const f = await fixture();
    const created = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${f.revision}/changes`);
    const types = created.changes.map((change: Json) => [change.page.title, change.page.type]);
    expect(types).toEqual(
      expect.arrayContaining([
        ['Home', 'document'],
        ['Guides', 'group'],
        ['Status', 'link'],
      ]),
    );
    const edit = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        { operation: 'update_page', page: f.status, target: { kind: 'page', page: f.install } },
        { operation: 'update_page', page: f.guides, title: 'How-to' },
      ],
    });
    const edited = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${edit.revision}/changes`);
    const byTitle = new Map(edited.changes.map((change: Json) => [change.page.title, change]));
    expect(byTitle.get('Status')).toMatchObject({
      type: 'page_edited',
      page: { type: 'link' },
      attributes: {
        target: {
          before: { kind: 'url', url: 'https://status.example.com/' },
          after: { kind: 'page', page: f.install },
        },
      },
    });
    expect(byTitle.get('How-to')).toMatchObject({
      type: 'page_edited',
      page: { type: 'group' },
      attributes: { title: { before: 'Guides', after: 'How-to' } },
    });
  });
});

describe('group pages through a change request', () => {
  it('keeps a group made in a change request through its merge, with pages moved into it', async () => {
    const f = await fixture();
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject: 'Groups' });
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content`, {
      changes: [
        { operation: 'insert_page', type: 'group', ref: 'ref', title: 'Reference', at: 1 },
        { operation: 'update_page', page: f.home, into: 'ref' },
      ],
    });
    // Meanwhile the space renames the group it holds: both land.
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'update_page', page: f.guides, title: 'How-to guides' }],
    });
    const inCr = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content/pages`,
    );
    expect(inCr.pages.map((page: Json) => [page.title, page.type])).toEqual([
      ['Reference', 'group'],
      ['Guides', 'group'],
      ['Status', 'link'],
    ]);
    const merged = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`);
    expect(merged.result).toBe('merge');
    const pages = await pagesOf(f.token, f.spaceId);
    expect(
      pages.map((page: Json) => [page.title, page.type, page.pages.map((child: Json) => child.title)]),
    ).toEqual([
      ['Reference', 'group', ['Home']],
      ['How-to guides', 'group', ['Install', 'Home again']],
      ['Status', 'link', []],
    ]);
  });
});
