/**
 * Change requests through real HTTP: create, get (by id and by number), list (status and
 * contributor filters, pages), PATCH (subject, the status moves and what merged and archived
 * change requests refuse), who sees and who may change them, and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace, grant } from '../support/content';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization, createUser, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

const changeRequestsOf = (spaceId: string) => `/v1/spaces/${spaceId}/change-requests`;

async function postChangeRequest(
  spaceId: string,
  token: string,
  body: Record<string, unknown> = {},
): Promise<Json> {
  const response = await server.api(changeRequestsOf(spaceId), { method: 'POST', token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const patchChangeRequest = (spaceId: string, idOrNumber: string | number, token: string, body: unknown) =>
  server.api(`${changeRequestsOf(spaceId)}/${idOrNumber}`, { method: 'PATCH', token, body });

/** Marks a change request merged in the store, as the merge operation does. */
async function markMerged(changeRequestId: string): Promise<void> {
  const repo = server.services.repos.changeRequests;
  const before = await repo.findById(changeRequestId);
  const merged = await repo.update(
    changeRequestId,
    { status: before!.status },
    { status: 'merged' },
    before!.updatedAt,
  );
  expect(merged?.status).toBe('merged');
}

async function spaceWithOrg(): Promise<{ org: TestOrganization; space: Json }> {
  const org = await createOrganization(server);
  const space = await createSpace(server, org, { title: 'Handbook' });
  return { org, space };
}

describe('POST /v1/spaces/:spaceId/change-requests', () => {
  it('creates a draft with every field of the ChangeRequest resource', async () => {
    const { org, space } = await spaceWithOrg();
    const now = server.clock.now().toISOString();
    const created = await postChangeRequest(space.id, org.admin.token, {
      subject: 'Fix the install guide',
      agentTaskId: 'task-1',
    });
    expect(created).toEqual({
      object: 'change-request',
      id: created.id,
      number: 1,
      status: 'draft',
      subject: 'Fix the install guide',
      createdBy: {
        object: 'user',
        id: org.admin.user.id,
        displayName: org.admin.user.displayName,
        email: org.admin.user.email,
        urls: { location: `http://quire.test/v1/users/${org.admin.user.id}` },
      },
      createdAt: now,
      updatedAt: now,
      space: space.id,
      revision: space.revision,
      revisionInitial: space.revision,
      comments: 0,
      outdated: false,
      urls: {
        location: `http://quire.test/v1/spaces/${space.id}/change-requests/${created.id}`,
        app: `http://app.quire.test/o/${org.organization.id}/s/${space.id}/~/changes/1`,
      },
    });
    const stored = await server.services.repos.changeRequests.findById(created.id);
    expect(stored).toMatchObject({ agentTaskId: 'task-1', contributors: [org.admin.user.id] });

    const bare = await postChangeRequest(space.id, org.admin.token);
    expect(bare).toMatchObject({ number: 2, subject: '', status: 'draft' });
  });

  it('gives 20 creates sent at once the numbers 1 to 20', async () => {
    const { org, space } = await spaceWithOrg();
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postChangeRequest(space.id, org.admin.token, { subject: `CR ${i}` }),
      ),
    );
    expect(created.map((cr) => cr.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const other = await createSpace(server, org, { title: 'Other' });
    expect((await postChangeRequest(other.id, org.admin.token)).number).toBe(1);
    const counted = await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token });
    expect(counted.body).toMatchObject({
      changeRequests: 20,
      changeRequestsDraft: 20,
      changeRequestsOpen: 0,
    });
  });

  it('needs edit on the space: a commenter gets 403, an outsider and a guest 404', async () => {
    const { org, space } = await spaceWithOrg();
    const commenter = await addMember(server, org.organization.id, 'comment');
    const editor = await addMember(server, org.organization.id, 'edit');
    const guest = await addMember(server, org.organization.id, null);
    const outsider = await createUser(server);
    expectError(
      await server.api(changeRequestsOf(space.id), { method: 'POST', token: commenter.token, body: {} }),
      403,
    );
    expectError(
      await server.api(changeRequestsOf(space.id), { method: 'POST', token: guest.token, body: {} }),
      404,
    );
    expectError(
      await server.api(changeRequestsOf(space.id), { method: 'POST', token: outsider.token, body: {} }),
      404,
    );
    expectError(
      await server.api(changeRequestsOf('nope'), { method: 'POST', token: org.admin.token, body: {} }),
      404,
    );
    expect((await postChangeRequest(space.id, editor.token)).createdBy.id).toBe(editor.user.id);
    const stored = await server.services.repos.spaces.findById(space.id);
    expect(stored?.counters).toMatchObject({ changeRequests: 1, changeRequestsDraft: 1 });
  });

  it('refuses bad input naming the field, creating nothing', async () => {
    const { org, space } = await spaceWithOrg();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject: 'x'.repeat(101) }, 'subject'],
      [{ subject: 3 }, 'subject'],
      [{ agentTaskId: '' }, 'agentTaskId'],
      [{ status: 'open' }, 'status'],
    ];
    for (const [body, field] of cases) {
      expectFieldError(
        await server.api(changeRequestsOf(space.id), { method: 'POST', token: org.admin.token, body }),
        field,
      );
    }
    const stored = await server.services.repos.spaces.findById(space.id);
    expect(stored?.counters.changeRequests).toBe(0);
  });
});

describe('GET /v1/spaces/:spaceId/change-requests/:changeRequestId', () => {
  it('finds a change request by its id and by its number, in its own space only', async () => {
    const { org, space } = await spaceWithOrg();
    const first = await postChangeRequest(space.id, org.admin.token, { subject: 'One' });
    const second = await postChangeRequest(space.id, org.admin.token, { subject: 'Two' });
    for (const idOrNumber of [second.id, '2']) {
      const response = await server.api(`${changeRequestsOf(space.id)}/${idOrNumber}`, {
        token: org.admin.token,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(second);
    }
    expect((await server.api(`${changeRequestsOf(space.id)}/1`, { token: org.admin.token })).body.id).toBe(
      first.id,
    );

    const other = await createSpace(server, org, { title: 'Other' });
    for (const idOrNumber of [first.id, '1', '3', '0', '01', 'nope']) {
      expectError(
        await server.api(`${changeRequestsOf(other.id)}/${idOrNumber}`, { token: org.admin.token }),
        404,
      );
    }
  });

  it('shows a reader the change request, hides it from outsiders and guests, and no email to guests with a grant', async () => {
    const { org, space } = await spaceWithOrg();
    const created = await postChangeRequest(space.id, org.admin.token);
    const reader = await addMember(server, org.organization.id, 'read');
    const guest = await addMember(server, org.organization.id, null);
    const invited = await addMember(server, org.organization.id, null);
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'read', users: [invited.user.id] });
    const outsider = await createUser(server);
    const path = `${changeRequestsOf(space.id)}/${created.id}`;
    expect((await server.api(path, { token: reader.token })).body).toEqual(created);
    expectError(await server.api(path, { token: guest.token }), 404);
    expectError(await server.api(path, { token: outsider.token }), 404);
    const seenByGuest = await server.api(path, { token: invited.token });
    expect(seenByGuest.status).toBe(200);
    expect(seenByGuest.body.createdBy.email).toBeUndefined();
    expect(seenByGuest.body.createdBy.displayName).toBe(org.admin.user.displayName);
  });

  it('is outdated once the space moved on from its base', async () => {
    const { org, space } = await spaceWithOrg();
    const created = await postChangeRequest(space.id, org.admin.token);
    expect(created.outdated).toBe(false);
    const stored = await server.services.repos.spaces.findById(space.id);
    expect(
      await server.services.repos.spaces.moveRevision(space.id, stored?.revisionId, 'next-revision'),
    ).toBe(true);
    const response = await server.api(`${changeRequestsOf(space.id)}/${created.id}`, {
      token: org.admin.token,
    });
    expect(response.body).toMatchObject({ outdated: true, revisionInitial: space.revision });
  });
});

describe('GET /v1/spaces/:spaceId/change-requests', () => {
  it('lists one status (open by default), newest first, with the contributor filter', async () => {
    const { org, space } = await spaceWithOrg();
    const editor = await addMember(server, org.organization.id, 'edit');
    const a = await postChangeRequest(space.id, org.admin.token, { subject: 'A' });
    const b = await postChangeRequest(space.id, editor.token, { subject: 'B' });
    const c = await postChangeRequest(space.id, org.admin.token, { subject: 'C' });
    const d = await postChangeRequest(space.id, editor.token, { subject: 'D' });
    for (const cr of [b, c]) {
      expect((await patchChangeRequest(space.id, cr.id, org.admin.token, { status: 'open' })).status).toBe(
        200,
      );
    }
    expect((await patchChangeRequest(space.id, d.number, editor.token, { status: 'archived' })).status).toBe(
      200,
    );

    const ids = async (query: string) => {
      const response = await server.api(`${changeRequestsOf(space.id)}${query}`, { token: org.admin.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.count).toBe(response.body.items.length);
      return response.body.items.map((cr: Json) => cr.subject);
    };
    expect(await ids('')).toEqual(['C', 'B']);
    expect(await ids('?status=open')).toEqual(['C', 'B']);
    expect(await ids('?status=draft')).toEqual(['A']);
    expect(await ids('?status=archived')).toEqual(['D']);
    expect(await ids('?status=merged')).toEqual([]);
    expect(await ids(`?status=open&contributor=${editor.user.id}`)).toEqual(['B']);
    expect(await ids(`?status=archived&contributor=${editor.user.id}`)).toEqual(['D']);
    expect(await ids(`?status=draft&contributor=${editor.user.id}`)).toEqual([]);
    expect(await ids(`?status=draft&contributor=${org.admin.user.id}`)).toEqual([a.subject]);
    expect(await ids('?contributor=nobody')).toEqual([]);
  });

  it('pages with cursors: every change request once, whatever the page size', async () => {
    const { org, space } = await spaceWithOrg();
    for (let i = 0; i < 7; i++) await postChangeRequest(space.id, org.admin.token, { subject: `CR ${i}` });
    const walked = await walkPages(
      server,
      `${changeRequestsOf(space.id)}?status=draft&limit=3`,
      org.admin.token,
    );
    expect(walked.pages).toBe(3);
    expect(walked.counts).toEqual([7, 7, 7]);
    expect(walked.items.map((cr) => cr.number)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expectFieldError(
      await server.api(`${changeRequestsOf(space.id)}?page=nope`, { token: org.admin.token }),
      'page',
    );
    expectFieldError(
      await server.api(`${changeRequestsOf(space.id)}?status=closed`, { token: org.admin.token }),
      'status',
    );
  });

  it('hides the list of a space the caller cannot view, and of a deleted space', async () => {
    const { org, space } = await spaceWithOrg();
    await postChangeRequest(space.id, org.admin.token);
    const outsider = await createUser(server);
    const guest = await addMember(server, org.organization.id, null);
    expectError(await server.api(changeRequestsOf(space.id), { token: outsider.token }), 404);
    expectError(await server.api(changeRequestsOf(space.id), { token: guest.token }), 404);
    // A deleted space's change requests go with it, even for its admin.
    expect(
      (await server.api(`/v1/spaces/${space.id}`, { method: 'DELETE', token: org.admin.token })).status,
    ).toBe(204);
    expectError(await server.api(changeRequestsOf(space.id), { token: org.admin.token }), 404);
    expectError(await server.api(`${changeRequestsOf(space.id)}/1`, { token: org.admin.token }), 404);
    expectError(await patchChangeRequest(space.id, 1, org.admin.token, { status: 'open' }), 404);
  });
});

describe('PATCH /v1/spaces/:spaceId/change-requests/:changeRequestId', () => {
  it('renames and moves among draft, open and archived; the space counters follow every move', async () => {
    const { org, space } = await spaceWithOrg();
    const counters = async () => {
      const { body } = await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token });
      return [body.changeRequests, body.changeRequestsOpen, body.changeRequestsDraft];
    };
    expect(await counters()).toEqual([0, 0, 0]);
    const created = await postChangeRequest(space.id, org.admin.token, { subject: 'Draft' });
    expect(await counters()).toEqual([1, 0, 1]);

    server.clock.advance(1000);
    const opened = await patchChangeRequest(space.id, created.id, org.admin.token, {
      status: 'open',
      subject: 'Ready',
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ status: 'open', subject: 'Ready', number: 1 });
    expect(opened.body.updatedAt).toBe(server.clock.now().toISOString());
    expect(opened.body.createdAt).toBe(created.createdAt);
    expect(await counters()).toEqual([1, 1, 0]);

    const moves: Array<[string, number[]]> = [
      ['draft', [1, 0, 1]],
      ['archived', [1, 0, 0]],
      ['open', [1, 1, 0]],
      ['archived', [1, 0, 0]],
      ['draft', [1, 0, 1]],
      ['open', [1, 1, 0]],
    ];
    for (const [status, expected] of moves) {
      const response = await patchChangeRequest(space.id, 1, org.admin.token, { status });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.status).toBe(status);
      expect(await counters(), `after the move to ${status}`).toEqual(expected);
    }

    // The values it has, or nothing at all: no change, no new updatedAt.
    const before = (await server.api(`${changeRequestsOf(space.id)}/1`, { token: org.admin.token })).body;
    server.clock.advance(1000);
    for (const body of [{}, { status: 'open' }, { subject: 'Ready' }]) {
      const response = await patchChangeRequest(space.id, 1, org.admin.token, body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(before);
    }
    expect(await counters()).toEqual([1, 1, 0]);
  });

  it('lets an archived change request only be reopened, and a merged one not be changed at all', async () => {
    const { org, space } = await spaceWithOrg();
    const archived = await postChangeRequest(space.id, org.admin.token, { subject: 'Old' });
    await patchChangeRequest(space.id, archived.id, org.admin.token, { status: 'archived' });
    expectError(await patchChangeRequest(space.id, archived.id, org.admin.token, { subject: 'New' }), 409);
    expectError(
      await patchChangeRequest(space.id, archived.id, org.admin.token, {
        subject: 'New',
        status: 'archived',
      }),
      409,
    );
    expect(
      (await patchChangeRequest(space.id, archived.id, org.admin.token, { status: 'archived' })).status,
    ).toBe(200);
    const reopened = await patchChangeRequest(space.id, archived.id, org.admin.token, {
      subject: 'New',
      status: 'open',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ subject: 'New', status: 'open' });

    const merged = await postChangeRequest(space.id, org.admin.token, { subject: 'Done' });
    await patchChangeRequest(space.id, merged.id, org.admin.token, { status: 'open' });
    await markMerged(merged.id);
    const countersBefore = (await server.services.repos.spaces.findById(space.id))?.counters;
    for (const body of [
      { subject: 'Again' },
      { status: 'open' },
      { status: 'draft' },
      { status: 'archived' },
    ]) {
      const response = await patchChangeRequest(space.id, merged.number, org.admin.token, body);
      expectError(response, 409);
      expect(response.body.error.message).toContain('merged');
    }
    expect((await patchChangeRequest(space.id, merged.number, org.admin.token, {})).body.status).toBe(
      'merged',
    );
    expect((await server.services.repos.spaces.findById(space.id))?.counters).toEqual(countersBefore);
    expect(countersBefore).toMatchObject({
      changeRequests: 2,
      changeRequestsOpen: 1,
      changeRequestsDraft: 0,
    });
  });

  it('lets its author with edit change it, anyone else only with review', async () => {
    const { org, space } = await spaceWithOrg();
    const author = await addMember(server, org.organization.id, 'edit');
    const otherEditor = await addMember(server, org.organization.id, 'edit');
    const reviewer = await addMember(server, org.organization.id, 'review');
    const reader = await addMember(server, org.organization.id, 'read');
    const outsider = await createUser(server);
    const created = await postChangeRequest(space.id, author.token, { subject: 'Mine' });

    expectError(
      await patchChangeRequest(space.id, created.id, otherEditor.token, { subject: 'Theirs' }),
      403,
    );
    expectError(await patchChangeRequest(space.id, created.id, reader.token, { status: 'open' }), 403);
    expectError(await patchChangeRequest(space.id, created.id, outsider.token, { status: 'open' }), 404);
    expect((await patchChangeRequest(space.id, created.id, author.token, { status: 'open' })).status).toBe(
      200,
    );
    expect(
      (await patchChangeRequest(space.id, created.id, reviewer.token, { subject: 'Reviewed' })).status,
    ).toBe(200);

    // An author whose role on the space dropped to read may no longer change it.
    await server.api(`/v1/spaces/${space.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { defaultLevel: 'read' },
    });
    expectError(await patchChangeRequest(space.id, created.id, author.token, { status: 'archived' }), 403);
    const stored = await server.services.repos.changeRequests.findById(created.id);
    expect(stored).toMatchObject({ subject: 'Reviewed', status: 'open' });
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const { org, space } = await spaceWithOrg();
    const created = await postChangeRequest(space.id, org.admin.token, { subject: 'Kept' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject: 'x'.repeat(101) }, 'subject'],
      [{ subject: null }, 'subject'],
      [{ status: 'merged' }, 'status'],
      [{ status: 'closed' }, 'status'],
      [{ number: 5 }, 'number'],
    ];
    for (const [body, field] of cases) {
      expectFieldError(await patchChangeRequest(space.id, created.id, org.admin.token, body), field);
    }
    const stored = await server.services.repos.changeRequests.findById(created.id);
    expect(stored).toMatchObject({ subject: 'Kept', status: 'draft', updatedAt: created.updatedAt });
  });
});
