/**
 * A change request's description, GitBook's document on the resource (issue 30, item 2): on
 * each face, given at creation and changed by PATCH, shown back as a document whose text is
 * the one sent; an empty document clears it; a tree that is no document, or text past the
 * limit, is a 400 naming `description` with nothing written; a merged change request refuses
 * a new description (409), an archived one takes it only with a reopen; a request for
 * reviewers sets it too, as GitBook's does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFace, findRoute } from '../support/faces/call-faces';
import { FACES } from '../support/faces/face-call';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let org: TestOrganization;
let spaceId: string;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  const space = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Docs' },
  });
  spaceId = space.body.id;
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

const create = findRoute('POST /v1/spaces/:spaceId/change-requests')!;
const patch = findRoute('PATCH /v1/spaces/:spaceId/change-requests/:changeRequestId')!;

/** GitBook's document of paragraphs of plain text. */
const documentOf = (...paragraphs: string[]) => ({
  object: 'document',
  data: {},
  nodes: paragraphs.map((text) => ({
    object: 'block',
    type: 'paragraph',
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
  })),
});

/** The text of a document's leaves, paragraph by paragraph. */
const textOf = (document: Json): string[] =>
  (document?.nodes ?? []).map((block: Json) =>
    (block.nodes ?? []).flatMap((node: Json) => (node.leaves ?? []).map((leaf: Json) => leaf.text)).join(''),
  );

async function read(number: number): Promise<Json> {
  const response = await server.api(`/v1/spaces/${spaceId}/change-requests/${number}`, {
    token: org.admin.token,
  });
  expect(response.status).toBe(200);
  return response.body;
}

describe('the description of a change request', () => {
  it.each(FACES)('is given at creation, changed, and cleared (%s)', async (face) => {
    const token = org.admin.token;
    const created = await callFace(server, face, {
      route: create,
      input: {
        spaceId,
        subject: 'Edits',
        description: documentOf('Why: the setup changed.', 'See the FAQ.'),
      },
      token,
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const number: number = (created.data as Json)?.number ?? (await listNewest()).number;
    expect(textOf((await read(number)).description)).toEqual(['Why: the setup changed.', 'See the FAQ.']);

    const changed = await callFace(server, face, {
      route: patch,
      input: { spaceId, changeRequestId: String(number), description: documentOf('Only this now.') },
      token,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(textOf((await read(number)).description)).toEqual(['Only this now.']);

    const cleared = await callFace(server, face, {
      route: patch,
      input: { spaceId, changeRequestId: String(number), description: documentOf() },
      token,
    });
    expect(cleared.status).toBe(200);
    expect((await read(number)).description).toBeUndefined();
  });

  it.each(FACES)('refuses what is no document, or too long, naming the field (%s)', async (face) => {
    const cr = (
      await server.api(`/v1/spaces/${spaceId}/change-requests`, {
        method: 'POST',
        token: org.admin.token,
        body: { description: documentOf('Kept.') },
      })
    ).body;
    for (const description of [{ object: 'page', nodes: 3 }, documentOf('x'.repeat(20_001))]) {
      const refused = await callFace(server, face, {
        route: patch,
        input: { spaceId, changeRequestId: String(cr.number), description },
        token: org.admin.token,
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.error?.message).toContain('description');
    }
    expect(textOf((await read(cr.number)).description)).toEqual(['Kept.']);
  });

  it('is final once merged, and waits for a reopen once archived', async () => {
    const token = org.admin.token;
    const base = `/v1/spaces/${spaceId}/change-requests`;
    const merged = (await server.api(base, { method: 'POST', token, body: { subject: 'M' } })).body;
    expect((await server.api(`${base}/${merged.number}/merge`, { method: 'POST', token })).status).toBe(200);
    const late = await server.api(`${base}/${merged.number}`, {
      method: 'PATCH',
      token,
      body: { description: documentOf('Too late.') },
    });
    expect(late.status).toBe(409);
    expect((await read(merged.number)).description).toBeUndefined();

    const archived = (await server.api(base, { method: 'POST', token, body: { subject: 'A' } })).body;
    await server.api(`${base}/${archived.number}`, { method: 'PATCH', token, body: { status: 'archived' } });
    const alone = await server.api(`${base}/${archived.number}`, {
      method: 'PATCH',
      token,
      body: { description: documentOf('Set aside.') },
    });
    expect(alone.status).toBe(409);
    const reopened = await server.api(`${base}/${archived.number}`, {
      method: 'PATCH',
      token,
      body: { status: 'draft', description: documentOf('Back.') },
    });
    expect(reopened.status).toBe(200);
    expect(textOf((await read(archived.number)).description)).toEqual(['Back.']);
  });

  it('is set with a request for reviewers, as GitBook lets that call do', async () => {
    const token = org.admin.token;
    const base = `/v1/spaces/${spaceId}/change-requests`;
    const cr = (await server.api(base, { method: 'POST', token, body: { subject: 'R' } })).body;
    const reviewer = await addMember(server, org.organization.id, 'review');
    const refused = await server.api(`${base}/${cr.number}/requested-reviewers`, {
      method: 'POST',
      token,
      body: { users: [reviewer.user.id], description: { object: 'page' } },
    });
    expect(refused.status).toBe(400);
    expect((await server.api(`${base}/${cr.number}/requested-reviewers`, { token })).body.items).toEqual([]);
    const asked = await server.api(`${base}/${cr.number}/requested-reviewers`, {
      method: 'POST',
      token,
      body: { users: [reviewer.user.id], description: documentOf('Please check the steps.') },
    });
    expect(asked.status).toBe(200);
    expect(textOf((await read(cr.number)).description)).toEqual(['Please check the steps.']);
  });
});

/** The newest draft of the space (GraphQL's face call selects only `__typename`). */
async function listNewest(): Promise<Json> {
  const response = await server.api(`/v1/spaces/${spaceId}/change-requests?status=draft&limit=100`, {
    token: org.admin.token,
  });
  const items = response.body.items as Json[];
  return items.reduce((newest, item) => (item.number > newest.number ? item : newest));
}
