/**
 * Reviews of change requests through real HTTP (issue 30, item 3): asking people, approving
 * and requesting changes of the current revision, approvals made outdated by a new
 * revision, the merge rules refusing a merge with the blocking rule (nothing written) and
 * the merge status saying which, the semantic changes, the contributors, the
 * organization's queue, and the same answers on tRPC and GraphQL.
 */
import { operations } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import {
  addMember,
  createOrganization,
  createUser,
  type TestMember,
  type TestOrganization,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let org: TestOrganization;
let spaceId: string;
let writer: TestMember;
let reviewer: TestMember;
let commenter: TestMember;
let reader: TestMember;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  writer = await addMember(server, org.organization.id, 'edit');
  reviewer = await addMember(server, org.organization.id, 'review');
  commenter = await addMember(server, org.organization.id, 'comment');
  reader = await addMember(server, org.organization.id, 'read');
  spaceId = (await createSpace(server, org)).id;
});
afterAll(() => server.close());

const crPath = (cr: string) => `/v1/spaces/${spaceId}/change-requests/${cr}`;

/** A change request the writer opened, with one page proposed; its id. */
async function proposal(title: string): Promise<string> {
  const created = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
    method: 'POST',
    token: writer.token,
    body: { subject: title },
  });
  expect(created.status).toBe(201);
  await editProposal(created.body.id, title);
  return created.body.id;
}

async function editProposal(cr: string, title: string) {
  const edited = await server.api(`${crPath(cr)}/content`, {
    method: 'POST',
    token: writer.token,
    body: { changes: [{ operation: 'insert_page', title, document: { markdown: `About ${title}.` } }] },
  });
  expect(edited.status).toBe(200);
}

const review = (cr: string, who: TestMember, status: string, comment?: string) =>
  server.api(`${crPath(cr)}/reviews`, {
    method: 'POST',
    token: who.token,
    body: comment === undefined ? { status } : { status, comment: { markdown: comment } },
  });

describe('reviews of a change request', () => {
  it('asks people, takes reviews of the current revision, and outdates them on a new revision', async () => {
    const cr = await proposal('Reviewed');
    const asked = await server.api(`${crPath(cr)}/requested-reviewers`, {
      method: 'POST',
      token: writer.token,
      body: { users: [reviewer.user.id, commenter.user.id], subject: 'Reviewed, please' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.users.map((u: { user: { id: string } }) => u.user.id)).toEqual([
      reviewer.user.id,
      commenter.user.id,
    ]);
    expect(asked.body.users[0]).toMatchObject({
      object: 'change-request-requested-reviewer',
      kind: 'user',
      requestedBy: { id: writer.user.id },
    });
    expect((await server.api(crPath(cr), { token: writer.token })).body.subject).toBe('Reviewed, please');
    const listed = await server.api(`${crPath(cr)}/requested-reviewers`, { token: reader.token });
    expect(listed.body.count).toBe(2);

    // A reader cannot be asked, nor the author; nobody is asked then.
    const readerAsked = await server.api(`${crPath(cr)}/requested-reviewers`, {
      method: 'POST',
      token: writer.token,
      body: { users: [reviewer.user.id, reader.user.id] },
    });
    expect(readerAsked.status).toBe(400);
    expect(readerAsked.body.error.message).toContain('users.1');
    const selfAsked = await server.api(`${crPath(cr)}/requested-reviewers`, {
      method: 'POST',
      token: writer.token,
      body: { users: [writer.user.id] },
    });
    expect(selfAsked.status).toBe(400);
    expect(selfAsked.body.error.message).toContain('users.0');

    // The author does not review their own; a reader never does; a requested commenter may.
    expect((await review(cr, writer, 'approved')).status).toBe(403);
    expect((await review(cr, reader, 'approved')).status).toBe(403);
    const approved = await review(cr, reviewer, 'approved', 'Looks **good**.');
    expect(approved.status).toBe(201);
    expect(approved.headers.get('location')).toBe(approved.body.urls.location);
    const { revision } = (await server.api(crPath(cr), { token: writer.token })).body;
    expect(approved.body).toMatchObject({
      object: 'change-request-review',
      status: 'approved',
      revision,
      outdated: false,
      reviewer: { id: reviewer.user.id },
      requestedBy: { id: writer.user.id },
      comment: {
        object: 'comment',
        body: { markdown: 'Looks **good**.' },
        target: { review: approved.body.id },
      },
    });
    const changes = await review(cr, commenter, 'changes-requested', 'One more page.');
    expect(changes.status).toBe(201);

    const got = await server.api(`${crPath(cr)}/reviews/${approved.body.id}`, { token: reader.token });
    expect(got.body).toEqual(approved.body);

    // A new revision: both reviews are outdated.
    await editProposal(cr, 'One more');
    const all = await server.api(`${crPath(cr)}/reviews`, { token: reader.token });
    expect(all.body.count).toBe(2);
    expect(all.body.items.map((r: { id: string; outdated: boolean }) => [r.id, r.outdated])).toEqual([
      [changes.body.id, true],
      [approved.body.id, true],
    ]);
    const current = await server.api(`${crPath(cr)}/reviews?outdated=false`, { token: reader.token });
    expect(current.body.items).toEqual([]);

    // Taking a request back: 205, then 204.
    const removed = await server.api(`${crPath(cr)}/requested-reviewers/${commenter.user.id}`, {
      method: 'DELETE',
      token: writer.token,
    });
    expect(removed.status).toBe(205);
    const again = await server.api(`${crPath(cr)}/requested-reviewers/${commenter.user.id}`, {
      method: 'DELETE',
      token: writer.token,
    });
    expect(again.status).toBe(204);
    // No longer asked: a commenter cannot review any more.
    expect((await review(cr, commenter, 'approved')).status).toBe(403);
  });

  it('hides everything from who cannot see the space, and names a bad field', async () => {
    const cr = await proposal('Hidden');
    const outsider = await createUser(server);
    for (const path of ['reviews', 'requested-reviewers', 'contributors', 'changes', 'merge-status']) {
      const answer = await server.api(`${crPath(cr)}/${path}`, { token: outsider.token });
      expect(answer.status, path).toBe(404);
    }
    expect((await review(cr, outsider as TestMember, 'approved')).status).toBe(404);
    const bad = await server.api(`${crPath(cr)}/reviews`, {
      method: 'POST',
      token: reviewer.token,
      body: { status: 'maybe' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('status');
    const reviews = await server.api(`${crPath(cr)}/reviews`, { token: reviewer.token });
    expect(reviews.body.count).toBe(0);
  });

  it('lists the semantic changes and the contributors', async () => {
    const cr = await proposal('Changes page');
    const changes = await server.api(`${crPath(cr)}/changes`, { token: reader.token });
    expect(changes.status).toBe(200);
    expect(changes.body.changes).toEqual([
      expect.objectContaining({
        type: 'page_created',
        page: expect.objectContaining({ title: 'Changes page' }),
      }),
    ]);
    const contributors = await server.api(`${crPath(cr)}/contributors`, { token: reader.token });
    expect(contributors.body.items).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: writer.user.id }), actionType: 'edit' }),
    ]);
  });
});

describe('merge rules', () => {
  it('refuse a merge with the first blocking rule, write nothing, and let it through once met', async () => {
    const rulesSpace = (await createSpace(server, org, { title: 'Ruled' })).id;
    const path = (cr: string) => `/v1/spaces/${rulesSpace}/change-requests/${cr}`;
    const created = await server.api(`/v1/spaces/${rulesSpace}/change-requests`, {
      method: 'POST',
      token: writer.token,
      body: { subject: 'Ruled' },
    });
    const cr = created.body.id as string;
    const edit = (title: string, target = `${path(cr)}/content`) =>
      server.api(target, {
        method: 'POST',
        token: writer.token,
        body: { changes: [{ operation: 'insert_page', title, document: { markdown: 'Text.' } }] },
      });
    await edit('Proposed');
    const vote = (who: TestMember) =>
      server.api(`${path(cr)}/reviews`, { method: 'POST', token: who.token, body: { status: 'approved' } });
    const status = async () =>
      (await server.api(`${path(cr)}/merge-status`, { token: org.admin.token })).body;
    const merge = () => server.api(`${path(cr)}/merge`, { method: 'POST', token: org.admin.token });

    // Organization rules apply to a space without its own; a writer may not set them.
    const orgRules = await server.api(`/v1/orgs/${org.organization.id}/merge-rules`, {
      method: 'PUT',
      token: org.admin.token,
      body: { minApprovals: 1 },
    });
    expect(orgRules.body).toMatchObject({ source: 'organization', minApprovals: 1 });
    expect((await status()).source).toBe('organization');
    const refusedRules = await server.api(`/v1/spaces/${rulesSpace}/merge-rules`, {
      method: 'PUT',
      token: writer.token,
      body: { minApprovals: 0 },
    });
    expect(refusedRules.status).toBe(403);
    const badRules = await server.api(`/v1/spaces/${rulesSpace}/merge-rules`, {
      method: 'PUT',
      token: org.admin.token,
      body: { requiredReviewers: ['no-such-user'] },
    });
    expect(badRules.status).toBe(400);
    expect(badRules.body.error.message).toContain('requiredReviewers.0');

    const spaceRules = await server.api(`/v1/spaces/${rulesSpace}/merge-rules`, {
      method: 'PUT',
      token: org.admin.token,
      body: {
        minApprovals: 1,
        requireRequestedReviewers: true,
        requireUpToDate: true,
        requiredReviewers: [reviewer.user.id],
      },
    });
    expect(spaceRules.status).toBe(200);
    expect(spaceRules.body).toMatchObject({ object: 'merge-rules', source: 'space', requireUpToDate: true });
    await server.api(`${path(cr)}/requested-reviewers`, {
      method: 'POST',
      token: writer.token,
      body: { users: [commenter.user.id] },
    });

    const before = (await server.api(`/v1/spaces/${rulesSpace}`, { token: org.admin.token })).body.revision;
    expect(await status()).toMatchObject({ mergeable: false, blockedBy: { number: 1, rule: 'approval' } });
    const refused = await merge();
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('Merge rule 1 (approval)');
    expect((await server.api(`/v1/spaces/${rulesSpace}`, { token: org.admin.token })).body.revision).toBe(
      before,
    );

    expect((await vote(reviewer)).status).toBe(201);
    expect(await status()).toMatchObject({
      mergeable: false,
      blockedBy: { number: 2, rule: 'requested-reviewers', waitingFor: [commenter.user.id] },
    });
    expect((await merge()).body.error.message).toContain('Merge rule 2 (requested-reviewers)');
    expect((await vote(commenter)).status).toBe(201);
    // The space moves on: rule 3.
    await edit('Live page', `/v1/spaces/${rulesSpace}/content`);
    expect((await status()).blockedBy).toMatchObject({ number: 3, rule: 'up-to-date' });
    expect((await merge()).status).toBe(409);
    const updated = await server.api(`${path(cr)}/update`, { method: 'POST', token: writer.token });
    expect(updated.status).toBe(200);
    // The update made a new revision: the approvals are outdated, rule 1 again.
    expect((await status()).blockedBy).toMatchObject({ number: 1 });
    await vote(commenter);
    expect((await status()).blockedBy).toMatchObject({ number: 4, rule: 'required-reviewer' });
    await vote(reviewer);
    const ready = await status();
    expect(ready).toMatchObject({
      mergeable: true,
      rules: [{ satisfied: true }, { satisfied: true }, { satisfied: true }, { satisfied: true }],
    });
    expect(ready.blockedBy).toBeUndefined();
    expect(ready.permissions).toMatchObject({ merge: true, review: true });
    expect((await merge()).body).toMatchObject({ result: 'merge' });

    // The space's own rules removed: the organization's apply again.
    const removed = await server.api(`/v1/spaces/${rulesSpace}/merge-rules`, {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(removed.status).toBe(205);
    expect(
      (await server.api(`/v1/spaces/${rulesSpace}/merge-rules`, { token: reader.token })).body,
    ).toMatchObject({
      source: 'organization',
      minApprovals: 1,
    });
    await server.api(`/v1/orgs/${org.organization.id}/merge-rules`, {
      method: 'PUT',
      token: org.admin.token,
      body: {},
    });
  });

  it('count no approval of someone who may no longer review: removed or demoted since', async () => {
    const ruledSpace = (await createSpace(server, org, { title: 'Ruled by people' })).id;
    await server.api(`/v1/spaces/${ruledSpace}/merge-rules`, {
      method: 'PUT',
      token: org.admin.token,
      body: { minApprovals: 1 },
    });
    const created = await server.api(`/v1/spaces/${ruledSpace}/change-requests`, {
      method: 'POST',
      token: writer.token,
      body: { subject: 'Approved, then not' },
    });
    const path = `/v1/spaces/${ruledSpace}/change-requests/${created.body.id}`;
    await server.api(`${path}/content`, {
      method: 'POST',
      token: writer.token,
      body: { changes: [{ operation: 'insert_page', title: 'Proposed', document: { markdown: 'Text.' } }] },
    });
    const status = async () => (await server.api(`${path}/merge-status`, { token: org.admin.token })).body;
    const [leaving, demoted] = await Promise.all([
      addMember(server, org.organization.id, 'review'),
      addMember(server, org.organization.id, 'review'),
    ]);
    for (const person of [leaving, demoted]) {
      const approved = await server.api(`${path}/reviews`, {
        method: 'POST',
        token: person.token,
        body: { status: 'approved' },
      });
      expect(approved.status).toBe(201);
    }
    expect(await status()).toMatchObject({ mergeable: true });

    await server.callOperation(operations.orgs.members.remove, org.admin, {
      organizationId: org.organization.id,
      userId: leaving.user.id,
    });
    await server.callOperation(operations.orgs.members.update, org.admin, {
      organizationId: org.organization.id,
      userId: demoted.user.id,
      role: 'read',
    });
    expect(await status()).toMatchObject({ mergeable: false, blockedBy: { number: 1, rule: 'approval' } });
    const merge = await server.api(`${path}/merge`, { method: 'POST', token: org.admin.token });
    expect(merge.status).toBe(409);
    expect(merge.body.error.message).toContain('Merge rule 1 (approval)');
  });
});

describe("the organization's queue", () => {
  it('filters by requested reviewer, creator, status and space, among the spaces the caller sees', async () => {
    const queueOrg = await createOrganization(server);
    const member = await addMember(server, queueOrg.organization.id, 'edit');
    const open = await createSpace(server, queueOrg, { title: 'Open' });
    const closed = await createSpace(server, queueOrg, { title: 'Closed', defaultLevel: null });
    const make = async (space: string, token: string) =>
      (
        await server.api(`/v1/spaces/${space}/change-requests`, {
          method: 'POST',
          token,
          body: { subject: 'Q' },
        })
      ).body.id as string;
    const mine = await make(open.id, member.token);
    const admins = await make(open.id, queueOrg.admin.token);
    await make(closed.id, queueOrg.admin.token);
    await server.api(`/v1/spaces/${open.id}/change-requests/${admins}/requested-reviewers`, {
      method: 'POST',
      token: queueOrg.admin.token,
      body: { users: [member.user.id] },
    });
    const queue = (query: string, token = member.token) =>
      server.api(`/v1/orgs/${queueOrg.organization.id}/change-requests?${query}`, { token });
    const ids = (answer: { body: { items: Array<{ id: string }> } }) => answer.body.items.map((cr) => cr.id);

    expect(ids(await queue('status=draft'))).toEqual([admins, mine]);
    expect((await queue('status=draft&orderBy=createdAt')).body.count).toBe(2);
    expect(ids(await queue(`status=draft&requestedReviewer=${member.user.id}`))).toEqual([admins]);
    expect(ids(await queue(`status=draft&creator=${member.user.id}`))).toEqual([mine]);
    expect(ids(await queue('status=open'))).toEqual([]);
    expect((await queue('status=draft', queueOrg.admin.token)).body.count).toBe(3);
    expect((await queue(`status=draft,open&space=${closed.id}`, queueOrg.admin.token)).body.count).toBe(1);
    const paged = await queue('status=draft&limit=1');
    expect(ids(paged)).toEqual([admins]);
    expect(ids(await queue(`status=draft&limit=1&page=${paged.body.next.page}`))).toEqual([mine]);
    expect((await queue('status=nope')).status).toBe(400);
    const stranger = await createUser(server);
    expect((await queue('', stranger.token)).status).toBe(404);
  });
});

describe('notifications', () => {
  it('tell the people asked, and the author of each review; each marks their own read', async () => {
    const asker = await addMember(server, org.organization.id, 'edit');
    const asked = await addMember(server, org.organization.id, 'review');
    const created = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
      method: 'POST',
      token: asker.token,
      body: { subject: 'Notify' },
    });
    const cr = created.body.id as string;
    await server.api(`${crPath(cr)}/requested-reviewers`, {
      method: 'POST',
      token: asker.token,
      body: { users: [asked.user.id] },
    });
    const inbox = async (who: TestMember, query = '') =>
      (await server.api(`/v1/user/notifications${query}`, { token: who.token })).body;
    const requested = await inbox(asked, '?unread=true');
    expect(requested.items).toEqual([
      expect.objectContaining({
        object: 'notification',
        kind: 'review_requested',
        read: false,
        actor: expect.objectContaining({ id: asker.user.id }),
        changeRequest: { id: cr, number: created.body.number, subject: 'Notify' },
      }),
    ]);
    expect(requested.items[0].urls.app).toContain(`/~/changes/${created.body.number}`);
    const reviewed = await review(cr, asked, 'changes-requested', 'Not yet.');
    const replies = await inbox(asker);
    expect(replies.items).toEqual([
      expect.objectContaining({
        kind: 'review_submitted',
        review: { id: reviewed.body.id, status: 'changes-requested' },
        actor: expect.objectContaining({ id: asked.user.id }),
      }),
    ]);

    // Marking someone else's notification changes nothing; one's own, once.
    const notMine = await server.api('/v1/user/notifications/read', {
      method: 'POST',
      token: asker.token,
      body: { ids: [requested.items[0].id] },
    });
    expect(notMine.body).toEqual({ marked: 0 });
    const mine = await server.api('/v1/user/notifications/read', {
      method: 'POST',
      token: asked.token,
      body: {},
    });
    expect(mine.body).toEqual({ marked: 1 });
    expect((await inbox(asked, '?unread=true')).count).toBe(0);
    expect((await inbox(asked)).items[0].read).toBe(true);
    const trpc = await server.api(`/trpc/user.notifications.list?input=${encodeURIComponent('{}')}`, {
      token: asker.token,
    });
    expect(trpc.body.result.data).toEqual(await inbox(asker));
  });

  it('tell an author who may no longer read the space nothing of later reviews', async () => {
    const author = await addMember(server, org.organization.id, 'edit');
    const created = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
      method: 'POST',
      token: author.token,
      body: { subject: 'Before I left' },
    });
    await server.callOperation(operations.orgs.members.remove, org.admin, {
      organizationId: org.organization.id,
      userId: author.user.id,
    });
    await server.api(`${crPath(created.body.id)}/requested-reviewers`, {
      method: 'POST',
      token: reviewer.token,
      body: { users: [commenter.user.id], subject: 'Reorganization: who goes next' },
    });
    expect((await review(created.body.id, reviewer, 'approved')).status).toBe(201);
    const inbox = await server.api('/v1/user/notifications', { token: author.token });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toMatchObject({ items: [], count: 0 });
  });
});

describe('on every face', () => {
  it('tRPC and GraphQL answer as REST does', async () => {
    const cr = await proposal('Faces');
    const approved = await review(cr, reviewer, 'approved');
    const rest = await server.api(`${crPath(cr)}/reviews`, { token: reader.token });
    const trpc = await server.api(
      `/trpc/changeRequests.reviews.list?input=${encodeURIComponent(JSON.stringify({ spaceId, changeRequestId: cr }))}`,
      { token: reader.token },
    );
    expect(trpc.body.result.data).toEqual(rest.body);
    const gql = await server.api('/graphql', {
      method: 'POST',
      token: reader.token,
      body: {
        query:
          'query($s: String!, $c: String!) { changeRequestsMergeStatus(spaceId: $s, changeRequestId: $c) { mergeable permissions { review merge } } }',
        variables: { s: spaceId, c: cr },
      },
    });
    expect(gql.body.data.changeRequestsMergeStatus).toEqual({
      mergeable: true,
      permissions: { review: false, merge: false },
    });
    const refused = await server.api('/trpc/changeRequests.reviews.submit', {
      method: 'POST',
      token: writer.token,
      body: { spaceId, changeRequestId: cr, status: 'approved' },
    });
    expect(refused.status).toBe(403);
    const gqlRefused = await server.api('/graphql', {
      method: 'POST',
      token: reader.token,
      body: {
        query:
          'mutation($s: String!, $c: String!) { changeRequestsReviewsSubmit(spaceId: $s, changeRequestId: $c, status: approved) { id } }',
        variables: { s: spaceId, c: cr },
      },
    });
    expect(gqlRefused.body.errors[0].extensions.httpStatus).toBe(403);
    expect(
      (await server.api(`${crPath(cr)}/reviews`, { token: reader.token })).body.items.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([approved.body.id]);
  });
});
