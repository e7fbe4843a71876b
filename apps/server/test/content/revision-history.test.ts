/**
 * A space's history and diffs through real HTTP: revisions newest first with who made each
 * and why, and the changes of a revision (pages created, moved, edited with a line diff,
 * deleted) against its parent or any other revision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expectations';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

async function call(token: string, path: string, body?: unknown): Promise<Json> {
  const response = await server.api(path, body === undefined ? { token } : { method: 'POST', token, body });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
}

describe('GET /v1/spaces/:spaceId/revisions and /revisions/:revisionId/changes', () => {
  it('lists revisions newest first and says what each changed', async () => {
    const org = await createOrganization(server);
    const editor = await addMember(server, org.organization.id, 'edit', { displayName: 'Eda' });
    const space = await call(org.admin.token, `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
    const first = await call(editor.token, `/v1/spaces/${space.id}/content`, {
      changes: [
        {
          operation: 'insert_page',
          ref: 'a',
          title: 'Alpha',
          document: { markdown: 'one\n\ntwo\n\nthree\n' },
        },
        { operation: 'insert_page', title: 'Beta', document: { markdown: 'beta' } },
      ],
    });
    const pages = (await call(editor.token, `/v1/spaces/${space.id}/content`)).pages;
    const [alpha, beta] = pages;
    const second = await call(org.admin.token, `/v1/spaces/${space.id}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: alpha.id,
          title: 'Alpha 2',
          document: { markdown: 'one\n\n2\n\nthree\n' },
        },
        { operation: 'update_page', page: beta.id, into: alpha.id },
      ],
    });
    await call(org.admin.token, `/v1/spaces/${space.id}/content`, {
      changes: [{ operation: 'delete_page', page: beta.id }],
    });

    const history = await call(editor.token, `/v1/spaces/${space.id}/revisions`);
    expect(history.count).toBe(4);
    expect(history.items.map((revision: Json) => revision.id).slice(1, 3)).toEqual([
      second.revision,
      first.revision,
    ]);
    expect(history.items[2].createdBy).toMatchObject({ id: editor.user.id, displayName: 'Eda' });
    expect(history.items[3]).toMatchObject({ id: space.revision, parents: [], type: 'edits' });

    const created = await call(editor.token, `/v1/spaces/${space.id}/revisions/${first.revision}/changes`);
    expect(created.changes.map((change: Json) => [change.type, change.page.title])).toEqual([
      ['page_created', 'Alpha'],
      ['page_created', 'Beta'],
    ]);

    const edited = await call(editor.token, `/v1/spaces/${space.id}/revisions/${second.revision}/changes`);
    const edit = edited.changes.find((change: Json) => change.type === 'page_edited');
    expect(edit.attributes.title).toEqual({ before: 'Alpha', after: 'Alpha 2' });
    expect(edit.attributes.document).toEqual({
      before: 'one\n\ntwo\n\nthree\n',
      after: 'one\n\n2\n\nthree\n',
    });
    expect(edit.diff).toContain('-two\n+2\n');
    const move = edited.changes.find((change: Json) => change.type === 'page_moved');
    expect(move).toMatchObject({
      page: { id: beta.id, path: 'alpha/beta' },
      parent: { after: { id: alpha.id } },
    });

    // Against any revision: from the first (empty) one to the second, both pages are new.
    const span = await call(
      editor.token,
      `/v1/spaces/${space.id}/revisions/${second.revision}/changes?from=${space.revision}&limit=1`,
    );
    expect(span.changes).toHaveLength(1);
    expect(span.more).toBe(1);
  });

  it("lists the space's own line: not a change request's revisions, with paging", async () => {
    const org = await createOrganization(server);
    const space = await call(org.admin.token, `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
    for (let i = 0; i < 3; i++) {
      await call(org.admin.token, `/v1/spaces/${space.id}/content`, {
        changes: [{ operation: 'insert_page', title: `P${i}`, document: { markdown: `${i}` } }],
      });
    }
    const cr = await call(org.admin.token, `/v1/spaces/${space.id}/change-requests`, { subject: 'x' });
    const edited = await call(
      org.admin.token,
      `/v1/spaces/${space.id}/change-requests/${cr.number}/content`,
      {
        changes: [{ operation: 'insert_page', title: 'In the change request', document: { markdown: 'cr' } }],
      },
    );
    const first = await call(org.admin.token, `/v1/spaces/${space.id}/revisions?limit=3`);
    expect(first.count).toBe(4);
    expect(first.items).toHaveLength(3);
    const rest = await call(
      org.admin.token,
      `/v1/spaces/${space.id}/revisions?limit=3&page=${first.next.page}`,
    );
    expect(rest.items.map((revision: Json) => revision.id)).toEqual([space.revision]);
    expect(rest.next).toBeUndefined();
    const ids = [...first.items, ...rest.items].map((revision: Json) => revision.id);
    expect(ids).toContain(cr.revision);
    expect(ids).not.toContain(edited.revision);
  });

  it('hides the history of a space from outsiders', async () => {
    const org = await createOrganization(server);
    const space = await call(org.admin.token, `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
    const other = await createOrganization(server);
    expectError(await server.api(`/v1/spaces/${space.id}/revisions`, { token: other.admin.token }), 404);
    expectError(
      await server.api(`/v1/spaces/${space.id}/revisions/${space.revision}/changes`, {
        token: other.admin.token,
      }),
      404,
    );
  });
});
