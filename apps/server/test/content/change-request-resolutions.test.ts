/**
 * An update from the space that conflicts, settled (issue 30, item 2): on each face, the
 * conflicts named, then resolved by the change request's side, the space's side or a text
 * written by hand; an unresolved conflict still answers `conflicts` and writes nothing; a
 * text the markdown reader refuses, or a resolution that gives both a side and a text, is a
 * 400 naming its field, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFace, findRoute } from '../support/faces/call-faces';
import { FACES, type Face } from '../support/faces/face-call';
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

const update = findRoute('POST /v1/spaces/:spaceId/change-requests/:changeRequestId/update')!;

/** The update on one face, with the whole answer (the faces' GraphQL call selects only `__typename`). */
async function updateOn(face: Face, token: string, input: Record<string, unknown>) {
  if (face !== 'graphql') return callFace(server, face, { route: update, input, token });
  const response = await server.api('/graphql', {
    method: 'POST',
    token,
    body: {
      query: `mutation($spaceId: String!, $changeRequestId: String!, $resolutions: [ChangeRequestsUpdateFromSpaceResolutionsInput!]) {
        changeRequestsUpdateFromSpace(spaceId: $spaceId, changeRequestId: $changeRequestId, resolutions: $resolutions) {
          revision result conflicts { page field reason }
        }
      }`,
      variables: input,
    },
  });
  return {
    status: response.status,
    body: response.body,
    data: response.body?.data?.changeRequestsUpdateFromSpace,
  };
}

/**
 * A space with pages Intro and Guide; a change request that edits both pages' first line
 * and Guide's title; the space then edits the same lines and the same title.
 */
async function conflicted() {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
  const base = `/v1/spaces/${space.id}`;
  await call(token, 'POST', `${base}/content`, {
    changes: [
      { operation: 'insert_page', title: 'Intro', document: { markdown: 'one\n\ntwo\n' } },
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'guide\n' } },
    ],
  });
  const pages = (await call(token, 'GET', `${base}/content`)).pages as Json[];
  const [intro, guide] = pages.map((page) => page.id as string);
  const cr = await call(token, 'POST', `${base}/change-requests`, { subject: 'Edits' });
  await call(token, 'POST', `${base}/change-requests/${cr.number}/content`, {
    changes: [
      { operation: 'update_page', page: intro, document: { markdown: 'one (request)\n\ntwo\n' } },
      {
        operation: 'update_page',
        page: guide,
        title: 'Guide (request)',
        document: { markdown: 'guide r\n' },
      },
    ],
  });
  await call(token, 'POST', `${base}/content`, {
    changes: [
      { operation: 'update_page', page: intro, document: { markdown: 'one (space)\n\ntwo\n' } },
      { operation: 'update_page', page: guide, title: 'Guide (space)', document: { markdown: 'guide s\n' } },
    ],
  });
  const read = async (pageId: string) =>
    call(token, 'GET', `${base}/change-requests/${cr.number}/content/page/${pageId}?format=markdown`);
  return { token, spaceId: space.id as string, cr, intro: intro!, guide: guide!, read };
}

describe('POST CR/update with resolutions', () => {
  for (const face of FACES) {
    it(`settles each conflict by a side or a text (${face})`, async () => {
      const f = await conflicted();
      const input = { spaceId: f.spaceId, changeRequestId: String(f.cr.number) };
      const first = await updateOn(face, f.token, input);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect((first.data as Json).result).toBe('conflicts');
      expect((first.data as Json).conflicts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ page: f.intro, field: 'markdown', reason: 'edited-both' }),
          expect.objectContaining({ page: f.guide, field: 'markdown' }),
          expect.objectContaining({ page: f.guide, field: 'title' }),
        ]),
      );

      // One conflict left unresolved: still conflicts, nothing written.
      const partly = await updateOn(face, f.token, {
        ...input,
        resolutions: [{ page: f.intro, field: 'markdown', side: 'space' }],
      });
      expect((partly.data as Json).result).toBe('conflicts');
      expect((partly.data as Json).conflicts.map((c: Json) => c.page)).not.toContain(f.intro);
      expect((await f.read(f.intro)).markdown).toBe('one (request)\n\ntwo\n');

      const settled = await updateOn(face, f.token, {
        ...input,
        resolutions: [
          { page: f.intro, field: 'markdown', side: 'space' },
          { page: f.guide, field: 'title', side: 'changeRequest' },
          { page: f.guide, field: 'markdown', markdown: 'guide, *both*' },
        ],
      });
      expect(settled.status, JSON.stringify(settled.body)).toBe(200);
      expect((settled.data as Json).result).toBe('update');
      expect((await f.read(f.intro)).markdown).toBe('one (space)\n\ntwo\n');
      const guide = await f.read(f.guide);
      expect(guide.title).toBe('Guide (request)');
      // The text written is stored in the canonical form (`_em_`).
      expect(guide.markdown).toBe('guide, _both_\n');
      const after = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/change-requests/${f.cr.number}`);
      expect(after.outdated).toBe(false);
      expect(after.revision).toBe((settled.data as Json).revision);
      // The space itself is untouched by the update.
      const live = await call(
        f.token,
        'GET',
        `/v1/spaces/${f.spaceId}/content/page/${f.guide}?format=markdown`,
      );
      expect(live.markdown).toBe('guide s\n');
    });
  }

  it('refuses a resolution with both a side and a text, or a text the reader refuses, writing nothing', async () => {
    const f = await conflicted();
    const input = { spaceId: f.spaceId, changeRequestId: String(f.cr.number) };
    const before = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/change-requests/${f.cr.number}`);
    for (const face of FACES) {
      const both = await callFace(server, face, {
        route: update,
        input: {
          ...input,
          resolutions: [{ page: f.intro, field: 'markdown', side: 'space', markdown: 'x' }],
        },
        token: f.token,
      });
      expect(both.status, JSON.stringify(both.body)).toBe(400);
      const textOnTitle = await callFace(server, face, {
        route: update,
        input: { ...input, resolutions: [{ page: f.guide, field: 'title', markdown: 'x' }] },
        token: f.token,
      });
      expect(textOnTitle.status, JSON.stringify(textOnTitle.body)).toBe(400);
      const tooDeep = await callFace(server, face, {
        route: update,
        input: { ...input, resolutions: [{ page: f.intro, field: 'markdown', markdown: '>'.repeat(5000) }] },
        token: f.token,
      });
      expect(tooDeep.status, JSON.stringify(tooDeep.body)).toBe(400);
      if (face !== 'graphql') expect(tooDeep.error?.fields).toContain('resolutions.0.markdown');
    }
    const after = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/change-requests/${f.cr.number}`);
    expect(after.revision).toBe(before.revision);
  });

  it('takes a page the space deleted back from the change request, or lets it go', async () => {
    const org = await createOrganization(server);
    const token = org.admin.token;
    const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
    const base = `/v1/spaces/${space.id}`;
    await call(token, 'POST', `${base}/content`, {
      changes: [{ operation: 'insert_page', title: 'Old', document: { markdown: 'old\n' } }],
    });
    const old = (await call(token, 'GET', `${base}/content`)).pages[0].id;
    const cr = await call(token, 'POST', `${base}/change-requests`, { subject: 'Keep it' });
    await call(token, 'POST', `${base}/change-requests/${cr.number}/content`, {
      changes: [{ operation: 'update_page', page: old, document: { markdown: 'kept\n' } }],
    });
    await call(token, 'POST', `${base}/content`, { changes: [{ operation: 'delete_page', page: old }] });
    const path = `${base}/change-requests/${cr.number}/update`;
    const first = await call(token, 'POST', path);
    expect(first.conflicts).toEqual([expect.objectContaining({ page: old, field: 'page' })]);
    const kept = await call(token, 'POST', path, {
      resolutions: [{ page: old, field: 'page', side: 'changeRequest' }],
    });
    expect(kept.result).toBe('update');
    const page = await call(
      token,
      'GET',
      `${base}/change-requests/${cr.number}/content/page/${old}?format=markdown`,
    );
    expect(page.markdown).toBe('kept\n');
  });
});
