/**
 * Restoring a space to an earlier revision (issue 30, item 5), on each face through real
 * HTTP: a new `rollback` revision on top, holding the earlier content (the page added since
 * is gone, the page edited since has its earlier text), the history kept; the revision the
 * space holds already is a 409 'no_change'; a reader is refused with 403 and nothing is
 * written; an unknown revision is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFace, findRoute } from '../support/faces/call-faces';
import { FACES } from '../support/faces/face-call';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

const restore = findRoute('POST /v1/spaces/:spaceId/revisions/:revisionId/restore')!;

async function call(token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await server.api(path, { method, token, ...(body === undefined ? {} : { body }) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

/** A space whose first edit made Intro ("First."); the second edited it and added Guide. */
async function editedTwice() {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
  const first = await call(token, 'POST', `/v1/spaces/${space.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'First.' } }],
  });
  const intro = first.changes[0].page.id;
  const second = await call(token, 'POST', `/v1/spaces/${space.id}/content`, {
    changes: [
      { operation: 'update_page', page: intro, document: { markdown: 'Second.' } },
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Guide.' } },
    ],
  });
  return { org, token, spaceId: space.id, intro, first: first.revision, second: second.revision };
}

describe('restoring a space to an earlier revision', () => {
  for (const face of FACES)
    it(`makes a new revision holding the earlier content, on ${face}`, async () => {
      const s = await editedTwice();
      const restored = await callFace(server, face, {
        route: restore,
        input: { spaceId: s.spaceId, revisionId: s.first },
        token: s.token,
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      const content = await call(s.token, 'GET', `/v1/spaces/${s.spaceId}/content`);
      expect(content.pages.map((page: Json) => page.title)).toEqual(['Intro']);
      const intro = await call(
        s.token,
        'GET',
        `/v1/spaces/${s.spaceId}/content/page/${s.intro}?format=markdown`,
      );
      expect(intro.markdown.trim()).toBe('First.');
      const history = await call(s.token, 'GET', `/v1/spaces/${s.spaceId}/revisions`);
      expect(history.items[0].type).toBe('rollback');
      expect(history.items.map((revision: Json) => revision.id)).toContain(s.second);

      // Holding that content now, the space has nothing to restore.
      const again = await callFace(server, face, {
        route: restore,
        input: { spaceId: s.spaceId, revisionId: s.first },
        token: s.token,
      });
      expect(again.status).toBe(409);
      expect(again.error?.code).toBe('no_change');
    });

  it('refuses a reader (403) and an unknown revision (404), writing nothing', async () => {
    const s = await editedTwice();
    const reader = await addMember(server, s.org.organization.id, 'read');
    const refused = await callFace(server, 'rest', {
      route: restore,
      input: { spaceId: s.spaceId, revisionId: s.first },
      token: reader.token,
    });
    expect(refused.status).toBe(403);
    const unknown = await callFace(server, 'trpc', {
      route: restore,
      input: { spaceId: s.spaceId, revisionId: 'no-such-revision' },
      token: s.token,
    });
    expect(unknown.status).toBe(404);
    const space = await call(s.token, 'GET', `/v1/spaces/${s.spaceId}`);
    expect(space.revision).toBe(s.second);
  });
});
