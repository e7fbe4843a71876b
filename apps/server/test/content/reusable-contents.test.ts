/**
 * Reusable contents and variables (issue 27, item 3), through real HTTP: written by the
 * content batch, read as GitBook's API has them (the revision's `reusableContents` and
 * `variables`, one by id, its document, the list) on a space, a revision and a change
 * request, the same on the three faces; branched and merged by change requests as pages are;
 * and refused with a 400 naming the field when the batch is wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/expectations';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { addMember, createOrganization } from '../support/factories';
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

async function fixture() {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
  const made = await call(token, 'POST', `/v1/spaces/${space.id}/content`, {
    changes: [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Read me.\n' } },
      {
        operation: 'insert_reusable_content',
        ref: 'warning',
        document: { markdown: '# Back up first\n\nCopy the data folder.\n\nThen stop the server.\n' },
      },
      { operation: 'update_variables', variables: { version: '2.1', beta: false, port: 8080 } },
      { operation: 'update_variables', page: 'guide', variables: { product: 'Quire' } },
    ],
  });
  const guide = made.changes[0].page.id as string;
  const reusableContentId = made.changes[1].reusableContent as string;
  return {
    org,
    token,
    spaceId: space.id as string,
    revision: made.revision as string,
    guide,
    reusableContentId,
    made,
  };
}

describe('reusable contents written by the batch', () => {
  it('answers what each change did, and the revision holds them and the variables', async () => {
    const f = await fixture();
    // The space's variables make no entry; the page's are an update of the page.
    expect(f.made.changes.map((change: Json) => change.object)).toEqual([
      'created_page',
      'created_reusable_content',
      'updated_page',
    ]);
    expect(f.made.changes[1]).toEqual({
      object: 'created_reusable_content',
      ref: 'warning',
      reusableContent: f.reusableContentId,
    });
    const content = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`);
    expect(content.reusableContents).toEqual([
      { id: f.reusableContentId, title: 'Back up first', document: expect.any(String) },
    ]);
    expect(content.variables).toEqual({ beta: false, port: 8080, version: '2.1' });
    expect(content.pages[0].variables).toEqual({ product: 'Quire' });
    const revision = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${f.revision}`);
    expect(revision.reusableContents).toEqual(content.reusableContents);
    expect(revision.variables).toEqual(content.variables);
    const page = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content/page/${f.guide}`);
    expect(page.variables).toEqual({ product: 'Quire' });
  });

  it('reads one, its document and the list on the space, the revision and a change request', async () => {
    const f = await fixture();
    const one = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}`,
    );
    expect(one).toMatchObject({ id: f.reusableContentId, title: 'Back up first' });
    const inRevision = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/revisions/${f.revision}/reusable-contents/${f.reusableContentId}`,
    );
    expect(inRevision).toEqual(one);
    const document = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/revisions/${f.revision}/reusable-contents/${f.reusableContentId}/document`,
    );
    expect(document.object).toBe('document');
    expect(JSON.stringify(document)).toContain('Copy the data folder.');
    // The title came from the leading heading, which left the body.
    expect(JSON.stringify(document)).not.toContain('Back up first');
    const list = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content/reusable-contents`);
    expect(list).toEqual({ items: [one], count: 1 });
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject: 'Edit' });
    const inChangeRequest = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content/reusable-contents/${f.reusableContentId}`,
    );
    expect(inChangeRequest).toEqual(one);
  });

  it('answers 404 for a reusable content the content does not hold, and for a space the caller cannot see', async () => {
    const f = await fixture();
    expectError(
      await server.api(`/v1/spaces/${f.spaceId}/content/reusable-contents/nope`, { token: f.token }),
      404,
    );
    expectError(
      await server.api(`/v1/spaces/${f.spaceId}/content/reusable-contents/nope/document`, { token: f.token }),
      404,
    );
    const stranger = await createOrganization(server);
    for (const path of [
      `/v1/spaces/${f.spaceId}/content/reusable-contents`,
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}`,
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}/document`,
    ]) {
      expectError(await server.api(path, { token: stranger.admin.token }), 404);
    }
  });

  it('answers the same on the three faces', async () => {
    const f = await fixture();
    for (const [key, input] of [
      ['GET /v1/spaces/:spaceId/content/reusable-contents', { spaceId: f.spaceId }],
      [
        'GET /v1/spaces/:spaceId/content/reusable-contents/:reusableContentId',
        { spaceId: f.spaceId, reusableContentId: f.reusableContentId },
      ],
      [
        'GET /v1/spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId/document',
        { spaceId: f.spaceId, revisionId: f.revision, reusableContentId: f.reusableContentId },
      ],
    ] as const) {
      const route = findRoute(key);
      if (!route) throw new Error(`no route ${key}`);
      const answers = await callFaces(server, { route, input, token: f.token });
      expect(answers.rest.status, JSON.stringify(answers.rest.body)).toBe(200);
      expect(answers.trpc.data).toEqual(answers.rest.data);
      expect(answers.graphql.status).toBe(200);
    }
    // GraphQL, with the fields selected: the same reusable content, in the list and alone.
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token: f.token,
      body: {
        query: `query($s: String!, $r: String!) {
          one: spacesContentReusableContentsGet(spaceId: $s, reusableContentId: $r) { id title document }
          list: spacesContentReusableContentsList(spaceId: $s) { totalCount edges { node { id title document } } }
          doc: spacesContentReusableContentsDocument(spaceId: $s, reusableContentId: $r, dereferenced: true)
        }`,
        variables: { s: f.spaceId, r: f.reusableContentId },
      },
    });
    expect(graphql.body.errors).toBeUndefined();
    const rest = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}`,
    );
    expect(graphql.body.data.one).toEqual(rest);
    expect(graphql.body.data.list).toEqual({ totalCount: 1, edges: [{ node: rest }] });
    expect(graphql.body.data.doc).toEqual(
      await call(
        f.token,
        'GET',
        `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}/document`,
      ),
    );
  });

  it('updates the title and the body, keeps the id, deletes, and sets and removes variables', async () => {
    const f = await fixture();
    const updated = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'update_reusable_content',
          reusableContent: f.reusableContentId,
          title: 'Backups',
          document: { markdown: 'Copy the data folder twice.\n' },
        },
        { operation: 'update_variables', variables: { beta: null, version: '2.2' } },
      ],
    });
    expect(updated.changes).toEqual([
      { object: 'updated_reusable_content', reusableContent: f.reusableContentId },
    ]);
    const one = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}`,
    );
    expect(one.title).toBe('Backups');
    const document = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}/document`,
    );
    expect(JSON.stringify(document)).toContain('Copy the data folder twice.');
    const content = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`);
    expect(content.variables).toEqual({ port: 8080, version: '2.2' });
    // The revision before still holds what it held.
    const before = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/revisions/${f.revision}/reusable-contents/${f.reusableContentId}`,
    );
    expect(before.title).toBe('Back up first');
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'delete_reusable_content', reusableContent: f.reusableContentId }],
    });
    expect((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`)).reusableContents).toEqual([]);
    // A later page edit keeps the variables (a writer that does not touch them carries them).
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'update_page', page: f.guide, document: { markdown: 'Edited.\n' } }],
    });
    expect((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`)).variables).toEqual({
      port: 8080,
      version: '2.2',
    });
  });

  it('refuses bad changes with a 400 naming the field, writing nothing', async () => {
    const f = await fixture();
    const refused = async (change: unknown, field: string) => {
      const response = await server.api(`/v1/spaces/${f.spaceId}/content`, {
        method: 'POST',
        token: f.token,
        body: { changes: [change] },
      });
      expectFieldError(response, field);
    };
    await refused(
      { operation: 'update_reusable_content', reusableContent: 'nope', title: 'X' },
      'changes.0.reusableContent',
    );
    await refused(
      { operation: 'delete_reusable_content', reusableContent: 'nope' },
      'changes.0.reusableContent',
    );
    await refused(
      { operation: 'insert_reusable_content', title: '', document: { markdown: 'x' } },
      'changes.0.title',
    );
    await refused({ operation: 'update_variables', variables: { 'a.b': 1 } }, 'changes.0.variables.a.b');
    await refused({ operation: 'update_variables', variables: { $where: 1 } }, 'changes.0.variables.$where');
    await refused(
      { operation: 'update_variables', variables: { x: 'y'.repeat(257) } },
      'changes.0.variables.x',
    );
    await refused(
      { operation: 'update_variables', variables: { x: { nested: 1 } } },
      'changes.0.variables.x',
    );
    await refused({ operation: 'update_variables', page: 'nope', variables: { x: 1 } }, 'changes.0.page');
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`v${i}`, i]));
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'update_variables', variables: many }],
    });
    const more = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`w${i}`, i]));
    await refused({ operation: 'update_variables', variables: more }, 'changes.0.variables');
    const content = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`);
    expect(Object.keys(content.variables)).toHaveLength(63);
  });

  it('lets a reader read but not write them', async () => {
    const f = await fixture();
    const reader = await addMember(server, f.org.organization.id, 'read');
    await call(
      reader.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}`,
    );
    expectError(
      await server.api(`/v1/spaces/${f.spaceId}/content`, {
        method: 'POST',
        token: reader.token,
        body: { changes: [{ operation: 'delete_reusable_content', reusableContent: f.reusableContentId }] },
      }),
      403,
    );
  });
});

describe('reusable contents in change requests', () => {
  it('branch: a change request edits one without touching the space, and its merge brings the edit', async () => {
    const f = await fixture();
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject: 'Edit' });
    const crPath = `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`;
    await call(f.token, 'POST', `${crPath}/content`, {
      changes: [
        {
          operation: 'update_reusable_content',
          reusableContent: f.reusableContentId,
          document: { markdown: 'Copy the data folder.\n\nThen stop the server, carefully.\n' },
        },
        { operation: 'insert_reusable_content', title: 'New one', document: { markdown: 'New.\n' } },
        { operation: 'update_variables', variables: { version: '3.0' } },
      ],
    });
    // Meanwhile the space edits the first paragraph of the same reusable content, and a variable.
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'update_reusable_content',
          reusableContent: f.reusableContentId,
          document: { markdown: 'Copy the whole data folder.\n\nThen stop the server.\n' },
        },
        { operation: 'update_variables', variables: { port: 9090 } },
      ],
    });
    const live = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`);
    expect(live.reusableContents).toHaveLength(1);
    expect(live.variables.version).toBe('2.1');
    const inCr = await call(f.token, 'GET', `${crPath}/content/reusable-contents`);
    expect(inCr.count).toBe(2);

    const merged = await call(f.token, 'POST', `${crPath}/merge`);
    expect(merged.result).toBe('merge');
    const after = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`);
    expect(after.reusableContents.map((item: Json) => item.title).sort()).toEqual([
      'Back up first',
      'New one',
    ]);
    expect(after.variables).toEqual({ beta: false, port: 9090, version: '3.0' });
    const document = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}/document`,
    );
    const text = JSON.stringify(document);
    expect(text).toContain('Copy the whole data folder.');
    expect(text).toContain('Then stop the server, carefully.');
  });

  it('names a reusable content both sides edited on the same line as a conflict, and writes nothing', async () => {
    const f = await fixture();
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject: 'Edit' });
    const crPath = `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`;
    const edit = (markdown: string) => ({
      changes: [
        {
          operation: 'update_reusable_content',
          reusableContent: f.reusableContentId,
          document: { markdown },
        },
      ],
    });
    await call(f.token, 'POST', `${crPath}/content`, edit('Copy A.\n\nThen stop the server.\n'));
    await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/content`,
      edit('Copy B.\n\nThen stop the server.\n'),
    );
    const head = (await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`)).id;
    const merged = await call(f.token, 'POST', `${crPath}/merge`);
    expect(merged).toMatchObject({
      result: 'conflicts',
      conflicts: [{ page: f.reusableContentId, field: 'reusableContent.markdown', reason: 'edited-both' }],
    });
    expect((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`)).id).toBe(head);
  });

  it('brings the space’s reusable contents into a change request on update', async () => {
    const f = await fixture();
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject: 'Edit' });
    const crPath = `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`;
    await call(f.token, 'POST', `${crPath}/content`, {
      changes: [{ operation: 'update_page', page: f.guide, document: { markdown: 'In the CR.\n' } }],
    });
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'insert_reusable_content', title: 'Later', document: { markdown: 'Later.\n' } }],
    });
    const updated = await call(f.token, 'POST', `${crPath}/update`);
    expect(updated.result).toBe('update');
    const list = await call(f.token, 'GET', `${crPath}/content/reusable-contents`);
    expect(list.items.map((item: Json) => item.title).sort()).toEqual(['Back up first', 'Later']);
  });

  it('merges a batch made from an older revision with what the space did meanwhile', async () => {
    const f = await fixture();
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'insert_reusable_content', title: 'Meanwhile', document: { markdown: 'M.\n' } }],
    });
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      revision: f.revision,
      changes: [
        { operation: 'update_reusable_content', reusableContent: f.reusableContentId, title: 'Renamed' },
      ],
    });
    const content = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`);
    expect(content.reusableContents.map((item: Json) => item.title).sort()).toEqual(['Meanwhile', 'Renamed']);
  });
});

describe('pages that include reusable contents', () => {
  it('read them in place when dereferenced, and every edit of one reaches every page', async () => {
    const f = await fixture();
    const include = `{% include "/reusable-contents/${f.reusableContentId}" %}`;
    const made = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        { operation: 'update_page', page: f.guide, document: { markdown: `Intro.\n\n${include}\n` } },
        {
          operation: 'insert_page',
          title: 'Upgrade',
          document: {
            markdown: `${include}\n\nVersion {{ space.vars.version }} of {{ page.vars.product }}.\n`,
          },
        },
      ],
    });
    const upgrade = made.changes[1].page.id as string;
    const read = async (pageId: string, query: string) =>
      JSON.stringify(
        (await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content/page/${pageId}?${query}`)).document,
      );
    // As stored: the reference, not the text.
    const stored = await read(f.guide, '');
    expect(stored).toContain('"reusable-content"');
    expect(stored).not.toContain('Copy the data folder.');
    // The stored markdown keeps the include as written.
    const markdown = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.guide}?format=markdown`,
    );
    expect(markdown.markdown).toContain(include);
    for (const pageId of [f.guide, upgrade]) {
      const text = await read(pageId, 'dereferenced=true');
      expect(text).toContain('Copy the data folder.');
      expect(text).not.toContain('"reusable-content"');
    }
    const evaluated = await read(upgrade, 'evaluated=true&dereferenced=reusable-contents');
    expect(evaluated).toContain('"text":"2.1"');
    // The page has no variables of its own: the expression stays, saying why.
    expect(evaluated).toContain('no variable \\"product\\" in the page');

    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'update_reusable_content',
          reusableContent: f.reusableContentId,
          document: { markdown: 'Copy the data folder, then check it.\n' },
        },
      ],
    });
    for (const pageId of [f.guide, upgrade]) {
      const text = await read(pageId, 'dereferenced=true');
      expect(text).toContain('Copy the data folder, then check it.');
    }
  });

  it('stops at an include cycle, and reads an include of nothing as the block it is', async () => {
    const f = await fixture();
    const made = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        { operation: 'insert_reusable_content', ref: 'b', title: 'B', document: { markdown: 'B body.\n' } },
      ],
    });
    const b = made.changes[0].reusableContent as string;
    // A includes B, B includes A.
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'update_reusable_content',
          reusableContent: f.reusableContentId,
          document: { markdown: `A body.\n\n{% include "/reusable-contents/${b}" %}\n` },
        },
        {
          operation: 'update_reusable_content',
          reusableContent: b,
          document: { markdown: `B body.\n\n{% include "/reusable-contents/${f.reusableContentId}" %}\n` },
        },
        {
          operation: 'update_page',
          page: f.guide,
          document: {
            markdown: `{% include "/reusable-contents/${f.reusableContentId}" %}\n\n{% include "../.gitbook/includes/gone.md" %}\n`,
          },
        },
      ],
    });
    const page = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.guide}?dereferenced=true`,
    );
    const text = JSON.stringify(page.document);
    expect(text.match(/A body\./g)).toHaveLength(1);
    expect(text.match(/B body\./g)).toHaveLength(1);
    expect(text).toContain('cycle: the reusable content includes itself');
    expect(text).toContain('no such reusable content');
  });
});

describe('includes past the size bound', () => {
  it('are left as stored once a read took in 1,000,000 characters through includes, as a document and as markdown', async () => {
    const f = await fixture();
    // 200 KB of text: five of them fit the bound, the sixth and on do not.
    const big = `${'A paragraph of a long reusable content. '.repeat(5_000)}\n`;
    const made = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        { operation: 'insert_reusable_content', ref: 'big', title: 'Big', document: { markdown: big } },
      ],
    });
    const id = made.changes[0].reusableContent as string;
    const include = `{% include "/reusable-contents/${id}" %}\n`;
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: f.guide,
          document: { markdown: Array(8).fill(include).join('\n') },
        },
      ],
    });
    const page = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.guide}?dereferenced=true`,
    );
    const text = JSON.stringify(page.document);
    expect(text.match(/more than 1000000 characters included/g)).toHaveLength(3);
    const markdown = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.guide}?format=markdown&dereferenced=true`,
    );
    expect(markdown.markdown.split(include.trim()).length - 1).toBe(3);
    expect(markdown.markdown.length).toBeLessThan(1_100_000);
  });
});

describe('a revision’s changes', () => {
  it('name the reusable contents created, edited and deleted, and the variables edited', async () => {
    const f = await fixture();
    const created = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${f.revision}/changes`);
    expect(created.changes).toEqual(
      expect.arrayContaining([
        {
          type: 'reusable_content_created',
          reusableContent: { id: f.reusableContentId, title: 'Back up first', document: expect.any(String) },
        },
        {
          type: 'variables_edited',
          variables: { beta: { after: false }, port: { after: 8080 }, version: { after: '2.1' } },
        },
      ]),
    );
    const edited = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        { operation: 'update_reusable_content', reusableContent: f.reusableContentId, title: 'Backups' },
        { operation: 'update_variables', variables: { beta: null, version: '2.2' } },
      ],
    });
    const changes = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/revisions/${edited.revision}/changes`,
    );
    expect(changes.changes).toEqual([
      {
        type: 'reusable_content_edited',
        reusableContent: { id: f.reusableContentId, title: 'Backups', document: expect.any(String) },
        attributes: { title: { before: 'Back up first', after: 'Backups' } },
      },
      {
        type: 'variables_edited',
        variables: { beta: { before: false }, version: { before: '2.1', after: '2.2' } },
      },
    ]);
    const deleted = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'delete_reusable_content', reusableContent: f.reusableContentId }],
    });
    const gone = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${deleted.revision}/changes`);
    expect(gone.changes).toEqual([
      {
        type: 'reusable_content_deleted',
        reusableContent: expect.objectContaining({ id: f.reusableContentId }),
      },
    ]);
  });
});

describe('page variables in change requests', () => {
  it('merge with the page: one side’s change kept, both sides’ different values a conflict on "variables"', async () => {
    const f = await fixture();
    const open = async (subject: string) => {
      const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject });
      return `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`;
    };
    const first = await open('Vars');
    await call(f.token, 'POST', `${first}/content`, {
      changes: [{ operation: 'update_variables', page: f.guide, variables: { edition: 'pro' } }],
    });
    // Meanwhile the space edits the page's body: both land.
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'update_page', page: f.guide, document: { markdown: 'Read me first.\n' } }],
    });
    expect((await call(f.token, 'POST', `${first}/merge`)).result).toBe('merge');
    const page = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.guide}?format=markdown`,
    );
    expect(page).toMatchObject({
      markdown: 'Read me first.\n',
      variables: { edition: 'pro', product: 'Quire' },
    });

    const second = await open('Clash');
    await call(f.token, 'POST', `${second}/content`, {
      changes: [{ operation: 'update_variables', page: f.guide, variables: { edition: 'team' } }],
    });
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'update_variables', page: f.guide, variables: { edition: 'free' } }],
    });
    expect(await call(f.token, 'POST', `${second}/merge`)).toMatchObject({
      result: 'conflicts',
      conflicts: [{ page: f.guide, field: 'variables', reason: 'edited-both' }],
    });
  });
});

describe('space variables in change requests', () => {
  /** A change request of the fixture's space that sets `variables`, and the space meanwhile `meanwhile`. */
  async function bothChanged(variables: Json, meanwhile: Json) {
    const f = await fixture();
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'update_variables', variables: { edition: '1' } }],
    });
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject: 'Vars' });
    const crPath = `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`;
    await call(f.token, 'POST', `${crPath}/content`, {
      changes: [{ operation: 'update_variables', variables }],
    });
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'update_variables', variables: meanwhile }],
    });
    return { ...f, crPath };
  }

  it('names one both sides changed differently as a conflict on update and on merge, settled by a side', async () => {
    const f = await bothChanged({ edition: '2' }, { edition: '3', port: 9090 });
    const crHead = (await call(f.token, 'GET', `${f.crPath}/content`)).id;
    const conflicts = [{ page: 'edition', field: 'spaceVariable', reason: 'edited-both' }];
    // Before: the update took the space's "3" and the change request's "2" was gone.
    expect(await call(f.token, 'POST', `${f.crPath}/update`)).toMatchObject({
      result: 'conflicts',
      conflicts,
    });
    expect(await call(f.token, 'POST', `${f.crPath}/merge`)).toMatchObject({
      result: 'conflicts',
      conflicts,
    });
    const inCr = await call(f.token, 'GET', `${f.crPath}/content`);
    expect(inCr).toMatchObject({ id: crHead, variables: { edition: '2', port: 8080 } });

    const settled = await call(f.token, 'POST', `${f.crPath}/update`, {
      resolutions: [{ page: 'edition', field: 'spaceVariable', side: 'changeRequest' }],
    });
    expect(settled.result).toBe('update');
    expect((await call(f.token, 'GET', `${f.crPath}/content`)).variables).toEqual({
      beta: false,
      edition: '2',
      port: 9090,
      version: '2.1',
    });
    expect((await call(f.token, 'POST', `${f.crPath}/merge`)).result).toBe('merge');
    expect((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`)).variables.edition).toBe('2');
  });

  it('keeps one both sides set alike', async () => {
    const alike = await bothChanged({ edition: '3' }, { edition: '3' });
    expect((await call(alike.token, 'POST', `${alike.crPath}/update`)).result).toBe('update');
    expect((await call(alike.token, 'GET', `${alike.crPath}/content`)).variables.edition).toBe('3');
  });

  it('refuses an update or a merge past 100 variables as a batch is, writing nothing', async () => {
    const sixty = (prefix: string) =>
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`${prefix}${i}`, i]));
    const f = await bothChanged(sixty('a'), sixty('b'));
    const crHead = (await call(f.token, 'GET', `${f.crPath}/content`)).id;
    expectFieldError(await server.api(`${f.crPath}/update`, { method: 'POST', token: f.token }), 'variables');
    expectFieldError(await server.api(`${f.crPath}/merge`, { method: 'POST', token: f.token }), 'variables');
    expect((await call(f.token, 'GET', `${f.crPath}/content`)).id).toBe(crHead);
    expect(
      Object.keys((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`)).variables),
    ).toHaveLength(64);
  });
});

describe('a page read as markdown, dereferenced', () => {
  it('has each include line replaced by the reusable content’s markdown, indented as the include was', async () => {
    const f = await fixture();
    const include = `{% include "/reusable-contents/${f.reusableContentId}" %}`;
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: f.guide,
          document: {
            markdown: `Intro.\n\n${include}\n\n- Item\n\n  ${include}\n\n{% include "/reusable-contents/gone" %}\n`,
          },
        },
      ],
    });
    const stored = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.guide}?format=markdown`,
    );
    const read = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.guide}?format=markdown&dereferenced=true`,
    );
    const body = 'Copy the data folder.\n\nThen stop the server.';
    const indented = body
      .split('\n')
      .map((line) => (line === '' ? '' : `  ${line}`))
      .join('\n');
    expect(read.markdown).toBe(
      stored.markdown.replace(`  ${include}`, indented).replace(`${include}\n`, `${body}\n`),
    );
    expect(read.markdown).toContain('{% include "/reusable-contents/gone" %}');
  });
});

describe('writers that know nothing of reusable contents', () => {
  it('keep them: a duplicated space and a template applied carry the reusable contents and variables', async () => {
    const f = await fixture();
    const copy = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/duplicate`);
    const copied = await call(f.token, 'GET', `/v1/spaces/${copy.id}/content`);
    expect(copied.reusableContents.map((item: Json) => item.id)).toEqual([f.reusableContentId]);
    expect(copied.variables).toEqual({ beta: false, port: 8080, version: '2.1' });
    const templates = await call(f.token, 'GET', '/v1/templates');
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content/template`, {
      id: templates.items[0].id,
    });
    const after = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`);
    expect(after.reusableContents.map((item: Json) => item.id)).toEqual([f.reusableContentId]);
    expect(after.variables).toEqual({ beta: false, port: 8080, version: '2.1' });
  });
});
