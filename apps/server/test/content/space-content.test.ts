/**
 * A space's content through real HTTP: its first, empty revision; edits of a live space in
 * batches (insert, update, move, delete, revert), each one new revision with the previous
 * as parent; reads of the current content and of any revision, by page id and by path;
 * all-or-nothing batches; locked spaces; racing edits; what a reader and an outsider get.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

async function newSpace(org: TestOrganization, body: Record<string, unknown> = {}): Promise<Json> {
  const response = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Handbook', ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const edit = (token: string, spaceId: string, changes: unknown[]) =>
  server.api(`/v1/spaces/${spaceId}/content`, { method: 'POST', token, body: { changes } });

async function editOk(token: string, spaceId: string, changes: unknown[]): Promise<Json> {
  const response = await edit(token, spaceId, changes);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const read = async (token: string, path: string): Promise<Json> => {
  const response = await server.api(path, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

const titles = (pages: Json[]): Json[] =>
  pages.map((page) => (page.pages.length > 0 ? [page.title, titles(page.pages)] : page.title));

describe('a new space', () => {
  it('points at an empty first revision', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    expect(space.revision).toMatch(/^\w{20}$/);
    const content = await read(org.admin.token, `/v1/spaces/${space.id}/content`);
    expect(content).toMatchObject({
      object: 'revision',
      id: space.revision,
      parents: [],
      pages: [],
      files: [],
    });
  });
});

describe('POST /v1/spaces/:spaceId/content', () => {
  it('inserts pages with markdown and front matter, nested, and reads them back', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    const first = await editOk(org.admin.token, space.id, [
      {
        operation: 'insert_page',
        ref: 'guide',
        document: { markdown: '---\ntitle: Guide\n---\n\nStart *here*.\n' },
      },
      { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Run `quire`.' } },
      { operation: 'insert_page', document: { markdown: '# Reference\n\nAll of it.' } },
    ]);
    expect(first.changes.map((change: Json) => change.object)).toEqual([
      'created_page',
      'created_page',
      'created_page',
    ]);
    expect(first.changes[0].ref).toBe('guide');
    expect(first.changes[0].page.urls.location).toBe(
      `${server.config.publicUrl}/v1/spaces/${space.id}/content/page/${first.changes[0].page.id}`,
    );
    const content = await read(org.admin.token, `/v1/spaces/${space.id}/content`);
    expect(content.id).toBe(first.revision);
    expect(content.parents).toEqual([space.revision]);
    expect(titles(content.pages)).toEqual([['Guide', ['Install']], 'Reference']);
    const install = content.pages[0].pages[0];
    expect(install).toMatchObject({
      slug: 'install',
      path: 'guide/install',
      type: 'document',
      kind: 'sheet',
    });

    const page = await read(
      org.admin.token,
      `/v1/spaces/${space.id}/content/page/${install.id}?format=markdown`,
    );
    expect(page.markdown).toBe('Run `quire`.\n');
    const byPath = await read(
      org.admin.token,
      `/v1/spaces/${space.id}/content/path/guide/install?format=markdown`,
    );
    expect(byPath.id).toBe(install.id);
    const reference = await read(
      org.admin.token,
      `/v1/spaces/${space.id}/content/page/${content.pages[1].id}?format=markdown`,
    );
    // The leading heading became the title and left the body.
    expect(reference.markdown).toBe('All of it.\n');
    const tree = await read(org.admin.token, `/v1/spaces/${space.id}/content/page/${content.pages[0].id}`);
    expect(tree.document.object).toBe('document');

    const updated = await read(org.admin.token, `/v1/spaces/${space.id}`);
    expect(updated.revision).toBe(first.revision);
  });

  it('updates, moves, deletes and reverts pages; every revision stays readable', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    await editOk(org.admin.token, space.id, [
      { operation: 'insert_page', ref: 'a', title: 'A', document: { markdown: 'a' } },
      { operation: 'insert_page', ref: 'b', title: 'B', document: { markdown: 'b' } },
      { operation: 'insert_page', into: 'b', title: 'B1', document: { markdown: 'b1' } },
    ]);
    const before = await read(org.admin.token, `/v1/spaces/${space.id}/content`);
    const [a, b] = before.pages;
    const moved = await editOk(org.admin.token, space.id, [
      { operation: 'update_page', page: a.id, title: 'A renamed', emoji: '1f600', into: b.id, at: 0 },
      { operation: 'update_page', page: b.pages[0].id, document: { markdown: 'b1, edited' } },
    ]);
    const after = await read(org.admin.token, `/v1/spaces/${space.id}/content`);
    expect(titles(after.pages)).toEqual([['B', ['A renamed', 'B1']]]);
    // The slug stays when the title changes: links keep working.
    expect(after.pages[0].pages[0]).toMatchObject({ slug: 'a', path: 'b/a', emoji: '1f600' });

    await editOk(org.admin.token, space.id, [{ operation: 'delete_page', page: b.id }]);
    expect((await read(org.admin.token, `/v1/spaces/${space.id}/content`)).pages).toEqual([]);

    await editOk(org.admin.token, space.id, [
      { operation: 'revert_page', page: b.id, revision: moved.revision },
    ]);
    const reverted = await read(org.admin.token, `/v1/spaces/${space.id}/content/pages`);
    expect(titles(reverted.pages)).toEqual(['B']);

    const old = await read(org.admin.token, `/v1/spaces/${space.id}/revisions/${before.id}`);
    expect(titles(old.pages)).toEqual(['A', ['B', ['B1']]]);
    const oldPage = await read(
      org.admin.token,
      `/v1/spaces/${space.id}/revisions/${before.id}/page/${b.pages[0].id}?format=markdown`,
    );
    expect(oldPage.markdown).toBe('b1\n');
  });

  it('is all or nothing, and names the change and field that failed', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    const cases: Array<[unknown[], string]> = [
      [
        [
          { operation: 'insert_page', document: { markdown: 'x' } },
          { operation: 'update_page', page: 'missing' },
        ],
        'changes.1.page',
      ],
      [[{ operation: 'insert_page', at: 3, document: { markdown: 'x' } }], 'changes.0.at'],
      [[{ operation: 'insert_page', into: 'nowhere', document: { markdown: 'x' } }], 'changes.0.into'],
      [
        [{ operation: 'insert_page', document: { markdown: '---\ntitle: [1\n---\nx' } }],
        'changes.0.document.markdown',
      ],
      [
        [{ operation: 'insert_page', document: { document: { object: 'nope' } } }],
        'changes.0.document.document.object',
      ],
      [[{ operation: 'explode_page' }], 'changes.0.operation'],
      [
        [{ operation: 'insert_page', document: { markdown: `${'> '.repeat(3000)}x` } }],
        'changes.0.document.markdown',
      ],
      [
        [{ operation: 'insert_page', document: { markdown: `${'*'.repeat(20_000)}` } }],
        'changes.0.document.markdown',
      ],
      [[], 'changes'],
      [Array.from({ length: 51 }, () => ({ operation: 'delete_page', page: 'x' })), 'changes'],
    ];
    for (const [changes, field] of cases)
      expectFieldError(await edit(org.admin.token, space.id, changes), field);
    const content = await read(org.admin.token, `/v1/spaces/${space.id}/content`);
    expect(content.id).toBe(space.revision);
  });

  it('refuses a page moved under itself or its subpage', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    await editOk(org.admin.token, space.id, [
      { operation: 'insert_page', ref: 'p', title: 'P', document: { markdown: 'p' } },
      { operation: 'insert_page', into: 'p', title: 'C', document: { markdown: 'c' } },
    ]);
    const [p] = (await read(org.admin.token, `/v1/spaces/${space.id}/content`)).pages;
    expectFieldError(
      await edit(org.admin.token, space.id, [{ operation: 'update_page', page: p.id, into: p.id }]),
      'changes.0.into',
    );
    expectFieldError(
      await edit(org.admin.token, space.id, [{ operation: 'update_page', page: p.id, into: p.pages[0].id }]),
      'changes.0.into',
    );
  });

  it('refuses edits of a locked space, and readers; outsiders get 404', async () => {
    const org = await createOrganization(server);
    const locked = await newSpace(org, { editMode: 'locked' });
    expectError(
      await edit(org.admin.token, locked.id, [{ operation: 'insert_page', document: { markdown: 'x' } }]),
      409,
    );
    const space = await newSpace(org);
    const reader = await addMember(server, org.organization.id, 'read');
    expectError(
      await edit(reader.token, space.id, [{ operation: 'insert_page', document: { markdown: 'x' } }]),
      403,
    );
    await read(reader.token, `/v1/spaces/${space.id}/content`);
    const other = await createOrganization(server);
    expectError(
      await edit(other.admin.token, space.id, [{ operation: 'insert_page', document: { markdown: 'x' } }]),
      404,
    );
    expectError(await server.api(`/v1/spaces/${space.id}/content`, { token: other.admin.token }), 404);
    expectError(
      await server.api(`/v1/spaces/${space.id}/revisions/${space.revision}`, { token: other.admin.token }),
      404,
    );
    // A revision of another space is not found through this one.
    const elsewhere = await newSpace(other);
    expectError(
      await server.api(`/v1/spaces/${space.id}/revisions/${elsewhere.revision}`, { token: org.admin.token }),
      404,
    );
    expect((await read(org.admin.token, `/v1/spaces/${space.id}/content`)).pages).toEqual([]);
  });

  it('lands every one of 10 edits sent at once, each on the one before', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        edit(org.admin.token, space.id, [
          { operation: 'insert_page', title: `Page ${i}`, document: { markdown: `${i}` } },
        ]),
      ),
    );
    for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(200);
    const content = await read(org.admin.token, `/v1/spaces/${space.id}/content`);
    expect(content.pages.map((page: Json) => page.title).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Page ${i}`),
    );
    expect(new Set(content.pages.map((page: Json) => page.slug)).size).toBe(10);
  });

  it('duplicates a space with its content, sharing the stored objects', async () => {
    const org = await createOrganization(server);
    const space = await newSpace(org);
    await editOk(org.admin.token, space.id, [
      { operation: 'insert_page', title: 'Kept', document: { markdown: 'kept' } },
    ]);
    const copy = await server.api(`/v1/spaces/${space.id}/duplicate`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect(copy.status).toBe(201);
    const original = await read(org.admin.token, `/v1/spaces/${space.id}/content`);
    const copied = await read(org.admin.token, `/v1/spaces/${copy.body.id}/content`);
    expect(titles(copied.pages)).toEqual(['Kept']);
    expect(copied.id).not.toBe(original.id);
    const [source, duplicate] = await Promise.all([
      server.services.repos.revisions.findById(space.id, original.id),
      server.services.repos.revisions.findById(copy.body.id, copied.id),
    ]);
    expect(duplicate?.tree).toBe(source?.tree);
  });
});
