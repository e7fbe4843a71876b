/**
 * Change requests' content, merge and update through real HTTP: edits land on the change
 * request and not the space; a merge brings them into the space as a revision with two
 * parents; both sides' changes combine; what cannot be combined answers `conflicts` and
 * writes nothing; an update brings the space's changes in; merges sent at the same moment
 * all land.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
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

interface Fixture {
  org: TestOrganization;
  token: string;
  spaceId: string;
  /** Page ids by title. */
  page: Record<string, string>;
}

/** A space with pages Intro (three paragraphs) and Guide (with a subpage Setup). */
async function fixture(): Promise<Fixture> {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
  await call(token, 'POST', `/v1/spaces/${space.id}/content`, {
    changes: [
      { operation: 'insert_page', title: 'Intro', document: { markdown: 'one\n\ntwo\n\nthree\n' } },
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'guide' } },
      { operation: 'insert_page', into: 'guide', title: 'Setup', document: { markdown: 'setup' } },
    ],
  });
  const content = await call(token, 'GET', `/v1/spaces/${space.id}/content`);
  const page: Record<string, string> = {};
  const walk = (pages: Json[]) => {
    for (const p of pages) {
      page[p.title] = p.id;
      walk(p.pages);
    }
  };
  walk(content.pages);
  return { org, token, spaceId: space.id, page };
}

const newChangeRequest = (f: Fixture, subject = 'Change') =>
  call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject });

const editChangeRequest = (f: Fixture, number: number, changes: unknown[]) =>
  call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${number}/content`, { changes });

const editSpace = (f: Fixture, changes: unknown[]) =>
  call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, { changes });

const markdownOf = async (f: Fixture, pageId: string, changeRequest?: number) =>
  (
    await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}${changeRequest ? `/change-requests/${changeRequest}` : ''}/content/page/${pageId}?format=markdown`,
    )
  ).markdown;

const titlesOf = async (f: Fixture): Promise<string[]> => {
  const titles: string[] = [];
  const walk = (pages: Json[]) => {
    for (const p of pages) {
      titles.push(p.title);
      walk(p.pages);
    }
  };
  walk((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/content`)).pages);
  return titles.sort();
};

describe('change request content', () => {
  it('edits the change request, not the space; compat=false answers the changes', async () => {
    const f = await fixture();
    const cr = await newChangeRequest(f);
    const edited = await editChangeRequest(f, cr.number, [
      { operation: 'update_page', page: f.page.Intro, document: { markdown: 'one\n\nTWO\n\nthree\n' } },
    ]);
    expect(edited).toMatchObject({ object: 'change-request', id: cr.id });
    expect(edited.revision).not.toBe(cr.revision);
    expect(await markdownOf(f, f.page.Intro!, cr.number)).toBe('one\n\nTWO\n\nthree\n');
    expect(await markdownOf(f, f.page.Intro!)).toBe('one\n\ntwo\n\nthree\n');
    const detailed = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.id}/content?compat=false`,
      {
        changes: [{ operation: 'insert_page', title: 'New', document: { markdown: 'new' } }],
      },
    );
    expect(detailed.changeRequest.id).toBe(cr.id);
    expect(detailed.changes).toEqual([
      {
        object: 'created_page',
        page: { object: 'page', id: expect.any(String), urls: { location: expect.any(String) } },
      },
    ]);
    expect(detailed.insertedFiles).toEqual([]);
    const crContent = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content/pages`,
    );
    expect(crContent.pages.map((p: Json) => p.title)).toEqual(['Intro', 'Guide', 'New']);
  });
});

describe('POST CR/merge', () => {
  it('merges a change request into a space that did not move: two parents, the change request merged', async () => {
    const f = await fixture();
    const space = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}`);
    const cr = await newChangeRequest(f);
    await editChangeRequest(f, cr.number, [
      { operation: 'update_page', page: f.page.Setup, title: 'Set up' },
    ]);
    const merged = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`,
      {},
    );
    expect(merged.result).toBe('merge');
    const after = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}`);
    expect(after.revision).toBe(merged.revision);
    const revision = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${merged.revision}`);
    expect(revision.type).toBe('merge');
    expect(revision.parents[0]).toBe(space.revision);
    expect(await titlesOf(f)).toEqual(['Guide', 'Intro', 'Set up']);
    const done = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`);
    expect(done).toMatchObject({
      status: 'merged',
      revisionMerged: merged.revision,
      mergedBy: { id: f.org.admin.user.id },
    });
    // Merged is final: no more edits, no second merge.
    expectError(
      await server.api(`/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content`, {
        method: 'POST',
        token: f.token,
        body: { changes: [{ operation: 'delete_page', page: f.page.Intro }] },
      }),
      409,
    );
    expectError(
      await server.api(`/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`, {
        method: 'POST',
        token: f.token,
        body: {},
      }),
      409,
    );
  });

  it('combines changes made on both sides since the base', async () => {
    const f = await fixture();
    const cr = await newChangeRequest(f);
    await editChangeRequest(f, cr.number, [
      {
        operation: 'update_page',
        page: f.page.Intro,
        document: { markdown: 'one\n\ntwo\n\nthree, theirs\n' },
      },
      { operation: 'insert_page', into: f.page.Guide, title: 'Theirs', document: { markdown: 't' } },
      { operation: 'delete_page', page: f.page.Setup },
    ]);
    await editSpace(f, [
      { operation: 'update_page', page: f.page.Intro, document: { markdown: 'one, ours\n\ntwo\n\nthree\n' } },
      { operation: 'insert_page', title: 'Ours', document: { markdown: 'o' } },
      { operation: 'update_page', page: f.page.Guide, emoji: '1f4d8' },
    ]);
    const outdated = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`);
    expect(outdated.outdated).toBe(true);
    const merged = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`,
      {},
    );
    expect(merged.result).toBe('merge');
    expect(await markdownOf(f, f.page.Intro!)).toBe('one, ours\n\ntwo\n\nthree, theirs\n');
    expect(await titlesOf(f)).toEqual(['Guide', 'Intro', 'Ours', 'Theirs']);
    const revision = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${merged.revision}`);
    expect(revision.parents).toHaveLength(2);
    expect(revision.pages.find((p: Json) => p.title === 'Guide').emoji).toBe('1f4d8');
  });

  it('answers conflicts, naming page and field, and leaves everything as it was', async () => {
    const f = await fixture();
    const cr = await newChangeRequest(f);
    await editChangeRequest(f, cr.number, [
      { operation: 'update_page', page: f.page.Intro, document: { markdown: 'one\n\ntheirs\n\nthree\n' } },
      { operation: 'update_page', page: f.page.Guide, title: 'Their guide' },
    ]);
    await editSpace(f, [
      { operation: 'update_page', page: f.page.Intro, document: { markdown: 'one\n\nours\n\nthree\n' } },
      { operation: 'update_page', page: f.page.Guide, title: 'Our guide' },
    ]);
    const before = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}`);
    const answer = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`,
      {},
    );
    expect(answer.result).toBe('conflicts');
    expect(answer.revision).toBe(before.revision);
    expect(answer.conflicts).toEqual(
      expect.arrayContaining([
        { page: f.page.Intro, field: 'markdown', reason: 'edited-both' },
        { page: f.page.Guide, field: 'title', reason: 'edited-both' },
      ]),
    );
    expect((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}`)).revision).toBe(before.revision);
    expect((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`)).status).toBe(
      'draft',
    );
  });

  it('refuses with 409 when the space is not at expectedRevision', async () => {
    const f = await fixture();
    const cr = await newChangeRequest(f);
    const response = await server.api(`/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`, {
      method: 'POST',
      token: f.token,
      body: { expectedRevision: cr.revisionInitial.replace(/.$/, (c: string) => (c === 'a' ? 'b' : 'a')) },
    });
    expectError(response, 409);
    const ok = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`, {
      expectedRevision: cr.revisionInitial,
    });
    expect(ok.result).toBe('merge');
  });

  it('is for reviewers: an editor who did not write it gets 403, an outsider 404', async () => {
    const f = await fixture();
    const cr = await newChangeRequest(f);
    const editor = await addMember(server, f.org.organization.id, 'edit');
    const reviewer = await addMember(server, f.org.organization.id, 'review');
    const other = await createOrganization(server);
    const merge = (token: string) =>
      server.api(`/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`, {
        method: 'POST',
        token,
        body: {},
      });
    expectError(await merge(editor.token), 403);
    expectError(await merge(other.admin.token), 404);
    expect((await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`)).status).toBe(
      'draft',
    );
    expect((await merge(reviewer.token)).status).toBe(200);
  });

  it('lands both of two change requests merged at the same moment, 50 times', async () => {
    const f = await fixture();
    for (let round = 0; round < 50; round++) {
      const [a, b] = await Promise.all([newChangeRequest(f, `a${round}`), newChangeRequest(f, `b${round}`)]);
      await Promise.all([
        editChangeRequest(f, a.number, [
          { operation: 'insert_page', title: `A${round}`, document: { markdown: 'a' } },
        ]),
        editChangeRequest(f, b.number, [
          { operation: 'insert_page', title: `B${round}`, document: { markdown: 'b' } },
        ]),
      ]);
      const results = await Promise.all(
        [a, b].map((cr) =>
          call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`, {}),
        ),
      );
      expect(results.map((result) => result.result)).toEqual(['merge', 'merge']);
    }
    const titles = await titlesOf(f);
    for (let round = 0; round < 50; round++)
      expect(titles).toEqual(expect.arrayContaining([`A${round}`, `B${round}`]));
    expect(titles).toHaveLength(3 + 100);
  });
});

describe('the same change request merged twice at once', () => {
  it('lands once: one merge, one 409, its page once in the space (20 times)', async () => {
    const f = await fixture();
    for (let round = 0; round < 20; round++) {
      const cr = await newChangeRequest(f, `twice ${round}`);
      await editChangeRequest(f, cr.number, [
        { operation: 'insert_page', title: `T${round}`, document: { markdown: 't' } },
      ]);
      const answers = await Promise.all(
        [0, 1].map(() =>
          server.api(`/v1/spaces/${f.spaceId}/change-requests/${cr.number}/merge`, {
            method: 'POST',
            token: f.token,
            body: {},
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    }
    const titles = await titlesOf(f);
    for (let round = 0; round < 20; round++)
      expect(titles.filter((title) => title === `T${round}`)).toHaveLength(1);
  });
});

describe('POST CR/update', () => {
  it("brings the space's changes into the change request", async () => {
    const f = await fixture();
    const cr = await newChangeRequest(f);
    await editChangeRequest(f, cr.number, [
      { operation: 'insert_page', title: 'Mine', document: { markdown: 'm' } },
    ]);
    const noop = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/update`,
      {},
    );
    expect(noop.result).toBe('update');
    await editSpace(f, [
      {
        operation: 'update_page',
        page: f.page.Intro,
        document: { markdown: 'one\n\ntwo\n\nthree, later\n' },
      },
    ]);
    const spaceNow = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}`);
    const updated = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/update`,
      {},
    );
    expect(updated.result).toBe('update');
    const after = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`);
    expect(after).toMatchObject({
      revision: updated.revision,
      revisionMergedAncestor: spaceNow.revision,
      outdated: false,
    });
    expect(await markdownOf(f, f.page.Intro!, cr.number)).toBe('one\n\ntwo\n\nthree, later\n');
    const revision = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${updated.revision}`);
    expect(revision).toMatchObject({ type: 'update', parents: [noop.revision, spaceNow.revision] });
  });
});
