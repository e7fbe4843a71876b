/**
 * Comments and replies through real HTTP, on a space and in a change request (one suite,
 * two mounts): post, get, list (order, status, page and author filters, paging), update
 * (body, resolve and reopen, reactions), delete, replies, formats, the open-comment
 * counters, who may do what, and bad input that stores nothing.
 */
import { operations } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace, grant } from '../support/content';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import {
  addMember,
  createOrganization,
  createUser,
  type TestMember,
  type TestOrganization,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

interface Setting {
  org: TestOrganization;
  spaceId: string;
  /** The path of the comments' scope: the space, or the change request. */
  base: string;
  changeRequestId: string | null;
  pageId: string;
  /** A member with the comment role on the space, one with read, one with edit. */
  commenter: TestMember;
  reader: TestMember;
  editor: TestMember;
}

/** The open-comment counter of the scope, as the API shows it. */
async function openCount(setting: Setting): Promise<number> {
  const response = await server.api(setting.base, { token: setting.org.admin.token });
  expect(response.status).toBe(200);
  return setting.changeRequestId === null
    ? (response.body.counters?.comments ?? response.body.comments)
    : response.body.comments;
}

async function insertPage(org: TestOrganization, spaceId: string, title: string): Promise<string> {
  const edit = await server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: { changes: [{ operation: 'insert_page', title, document: { markdown: `About ${title}.` } }] },
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  return edit.body.changes[0].page.id;
}

const MOUNTS = [
  { name: 'on a space', inChangeRequest: false },
  { name: 'in a change request', inChangeRequest: true },
] as const;

describe.each(MOUNTS)('comments $name', ({ inChangeRequest }) => {
  async function setUp(): Promise<Setting> {
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Handbook' });
    const pageId = await insertPage(org, space.id, 'Install');
    const [commenter, reader, editor] = await Promise.all([
      addMember(server, org.organization.id, null),
      addMember(server, org.organization.id, null),
      addMember(server, org.organization.id, null),
    ]);
    const ref = { kind: 'space' as const, id: space.id };
    await grant(server, org, ref, { role: 'comment', users: [commenter.user.id] });
    await grant(server, org, ref, { role: 'read', users: [reader.user.id] });
    await grant(server, org, ref, { role: 'edit', users: [editor.user.id] });
    let base = `/v1/spaces/${space.id}`;
    let changeRequestId: string | null = null;
    if (inChangeRequest) {
      const changeRequest = await server.callOperation(operations.changeRequests.create, org.admin, {
        spaceId: space.id,
        subject: 'Proposal',
      });
      changeRequestId = changeRequest.id;
      base = `${base}/change-requests/${changeRequest.number}`;
    }
    return { org, spaceId: space.id, base, changeRequestId, pageId, commenter, reader, editor };
  }

  const post = (setting: Setting, token: string, body: unknown) =>
    server.api(`${setting.base}/comments`, { method: 'POST', token, body });

  async function posted(setting: Setting, token: string, body: Record<string, unknown> = {}): Promise<Json> {
    const response = await post(setting, token, { body: { markdown: 'A remark.' }, ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  const storedComments = async (setting: Setting) =>
    (
      await server.services.repos.comments.list(
        { spaceId: setting.spaceId, changeRequestId: setting.changeRequestId },
        {},
        'asc',
        { limit: 1000 },
      )
    ).items;

  it('posts a comment about a page with every field of the Comment resource', async () => {
    const s = await setUp();
    const now = server.clock.now().toISOString();
    const comment = await posted(s, s.commenter.token, {
      body: { markdown: 'Is this *right*?' },
      page: s.pageId,
      node: 'node-1',
    });
    expect(comment).toMatchObject({
      object: 'comment',
      postedBy: { object: 'user', id: s.commenter.user.id },
      postedAt: now,
      reactions: [],
      replies: 0,
      body: { markdown: 'Is this _right_?' },
      status: 'open',
      permissions: { view: true, edit: true, reply: true, react: true, resolve: true, delete: true },
      target: {
        space: s.spaceId,
        page: { id: s.pageId, title: 'Install', path: 'install', outdated: false },
        node: { id: 'node-1' },
      },
    });
    expect(comment.editedAt).toBeUndefined();
    expect(comment.resolvedAt).toBeUndefined();
    expect(typeof comment.target.revision).toBe('string');
    if (s.changeRequestId !== null) expect(comment.target.changeRequest).toBe(s.changeRequestId);
    else expect(comment.target.changeRequest).toBeUndefined();
    expect(comment.urls.location).toMatch(new RegExp(`/comments/${comment.id}$`));
    const got = await server.api(`${s.base}/comments/${comment.id}`, { token: s.reader.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      ...comment,
      permissions: { view: true, edit: false, reply: false, react: false, resolve: false, delete: false },
    });
  });

  it('shows the body as markdown or as a document tree, stored once', async () => {
    const s = await setUp();
    const comment = await posted(s, s.commenter.token, { body: { markdown: 'Hello **there**' } });
    const asDocument = await server.api(`${s.base}/comments/${comment.id}?format=document`, {
      token: s.commenter.token,
    });
    expect(asDocument.body.body.document.object).toBe('document');
    expect(asDocument.body.body.markdown).toBeUndefined();
    // A document sent in is stored as markdown too.
    const fromDocument = await posted(s, s.commenter.token, {
      body: { document: asDocument.body.body.document },
    });
    expect(fromDocument.body).toEqual({ markdown: 'Hello **there**' });
    const [stored] = (await storedComments(s)).filter((c) => c.id === fromDocument.id);
    expect(stored?.body).toBe('Hello **there**');
  });

  it('marks a page target outdated once the page changed or went away', async () => {
    const s = await setUp();
    const edit = (changes: Array<Record<string, unknown>>) =>
      s.changeRequestId === null
        ? server.api(`/v1/spaces/${s.spaceId}/content`, {
            method: 'POST',
            token: s.org.admin.token,
            body: { changes },
          })
        : server.api(`${s.base}/content`, { method: 'POST', token: s.org.admin.token, body: { changes } });
    const comment = await posted(s, s.commenter.token, { page: s.pageId });
    const targetPage = async () =>
      (await server.api(`${s.base}/comments/${comment.id}`, { token: s.commenter.token })).body.target.page;
    expect((await edit([{ operation: 'update_page', page: s.pageId, title: 'Installing' }])).status).toBe(
      200,
    );
    // A new title only: the body is the same, the comment is not outdated; the page shows as it is now.
    expect(await targetPage()).toMatchObject({ id: s.pageId, title: 'Installing', outdated: false });
    expect(
      (await edit([{ operation: 'update_page', page: s.pageId, document: { markdown: 'Rewritten.' } }]))
        .status,
    ).toBe(200);
    expect(await targetPage()).toMatchObject({ id: s.pageId, title: 'Installing', outdated: true });
    expect((await edit([{ operation: 'delete_page', page: s.pageId }])).status).toBe(200);
    // Gone: shown as it was when the comment was posted.
    expect(await targetPage()).toMatchObject({
      id: s.pageId,
      title: 'Install',
      path: 'install',
      outdated: true,
    });
  });

  it('refuses bad replies and reactions on replies, storing nothing', async () => {
    const s = await setUp();
    const comment = await posted(s, s.commenter.token);
    const replies = `${s.base}/comments/${comment.id}/replies`;
    expectFieldError(
      await server.api(replies, { method: 'POST', token: s.commenter.token, body: {} }),
      'body',
    );
    expectFieldError(
      await server.api(replies, {
        method: 'POST',
        token: s.commenter.token,
        body: { body: { markdown: ' ' } },
      }),
      'body',
    );
    expect(await server.services.repos.commentReplies.count(comment.id)).toBe(0);
    const reply = await server.api(replies, {
      method: 'POST',
      token: s.editor.token,
      body: { body: { markdown: 'Hm.' } },
    });
    const path = `${replies}/${reply.body.id}`;
    expectFieldError(
      await server.api(path, { method: 'PUT', token: s.commenter.token, body: { addedReactions: ['yes'] } }),
      'addedReactions.0',
    );
    expectError(
      await server.api(path, { method: 'PUT', token: s.reader.token, body: { addedReactions: ['👍'] } }),
      403,
    );
    expect((await server.services.repos.commentReplies.findById(reply.body.id))?.reactions).toEqual([]);
    expect(
      (await server.api(`${s.base}/comments/${comment.id}`, { token: s.reader.token })).body.replies,
    ).toBe(1);
  });

  it('resolves and reopens: resolvedAt and resolvedBy, the status filter and the counter follow', async () => {
    const s = await setUp();
    expect(await openCount(s)).toBe(0);
    const first = await posted(s, s.commenter.token);
    const second = await posted(s, s.commenter.token);
    expect(await openCount(s)).toBe(2);

    server.clock.advance(1000);
    const resolved = await server.api(`${s.base}/comments/${first.id}`, {
      method: 'PUT',
      token: s.editor.token,
      body: { resolved: true },
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({
      status: 'resolved',
      resolvedAt: server.clock.now().toISOString(),
      resolvedBy: { id: s.editor.user.id },
    });
    expect(await openCount(s)).toBe(1);
    const ids = async (status: string) =>
      (await server.api(`${s.base}/comments?status=${status}`, { token: s.reader.token })).body.items.map(
        (c: Json) => c.id,
      );
    expect(await ids('resolved')).toEqual([first.id]);
    expect(await ids('open')).toEqual([second.id]);
    expect(await ids('all')).toEqual([second.id, first.id]);

    // Resolving again changes nothing, the counter included.
    await server.api(`${s.base}/comments/${first.id}`, {
      method: 'PUT',
      token: s.editor.token,
      body: { resolved: true },
    });
    expect(await openCount(s)).toBe(1);

    const reopened = await server.api(`${s.base}/comments/${first.id}`, {
      method: 'PUT',
      token: s.commenter.token,
      body: { resolved: false },
    });
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.resolvedAt).toBeUndefined();
    expect(reopened.body.resolvedBy).toBeUndefined();
    expect(await openCount(s)).toBe(2);
    expect(await ids('resolved')).toEqual([]);

    // Deleting an open comment uncounts it; a resolved one was not counted.
    await server.api(`${s.base}/comments/${second.id}`, {
      method: 'PUT',
      token: s.editor.token,
      body: { resolved: true },
    });
    expect(await openCount(s)).toBe(1);
    expect(
      (await server.api(`${s.base}/comments/${second.id}`, { method: 'DELETE', token: s.commenter.token }))
        .status,
    ).toBe(204);
    expect(await openCount(s)).toBe(1);
    expect(
      (await server.api(`${s.base}/comments/${first.id}`, { method: 'DELETE', token: s.commenter.token }))
        .status,
    ).toBe(204);
    expect(await openCount(s)).toBe(0);
  });

  it('edits the body (its author only) and keeps reactions idempotent', async () => {
    const s = await setUp();
    const comment = await posted(s, s.commenter.token);
    server.clock.advance(5000);
    const edited = await server.api(`${s.base}/comments/${comment.id}`, {
      method: 'PUT',
      token: s.commenter.token,
      body: { body: { markdown: 'A better remark.' } },
    });
    expect(edited.body).toMatchObject({
      body: { markdown: 'A better remark.' },
      editedAt: server.clock.now().toISOString(),
    });
    // Nobody else edits it, an admin neither.
    for (const token of [s.editor.token, s.org.admin.token]) {
      expectError(
        await server.api(`${s.base}/comments/${comment.id}`, {
          method: 'PUT',
          token,
          body: { body: { markdown: 'Mine now.' } },
        }),
        403,
      );
    }
    const react = (token: string, body: unknown) =>
      server.api(`${s.base}/comments/${comment.id}`, { method: 'PUT', token, body });
    await react(s.commenter.token, { addedReactions: ['👍'] });
    await react(s.commenter.token, { addedReactions: ['👍'] });
    const both = await react(s.editor.token, { addedReactions: ['👍', '🎉'] });
    expect(both.body.reactions).toMatchObject([
      {
        emoji: '👍',
        count: 2,
        users: [{ user: { id: s.commenter.user.id } }, { user: { id: s.editor.user.id } }],
      },
      { emoji: '🎉', count: 1 },
    ]);
    const removed = await react(s.editor.token, { removedReactions: ['🎉', '🚀'] });
    expect(removed.body.reactions).toMatchObject([{ emoji: '👍', count: 2 }]);
    expect(removed.body.body).toEqual({ markdown: 'A better remark.' });
    // A reader may not react.
    expectError(await react(s.reader.token, { addedReactions: ['👍'] }), 403);
  });

  it('lists the commenters: who posted a comment or a reply, each once, as members, page by page', async () => {
    const s = await setUp();
    const empty = await server.api(`${s.base}/commenters`, { token: s.reader.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ items: [], count: 0 });
    const first = await posted(s, s.commenter.token);
    await posted(s, s.commenter.token);
    await posted(s, s.editor.token);
    const reply = await server.api(`${s.base}/comments/${first.id}/replies`, {
      method: 'POST',
      token: s.org.admin.token,
      body: { body: { markdown: 'Noted.' } },
    });
    expect(reply.status).toBe(200);
    // A comment of the other scope does not count here.
    const other = inChangeRequest ? `/v1/spaces/${s.spaceId}` : null;
    if (other)
      await server.api(`${other}/comments`, {
        method: 'POST',
        token: s.reader.token,
        body: { body: { markdown: 'Elsewhere.' } },
      });
    const expected = [s.commenter.user.id, s.editor.user.id, s.org.admin.user.id].sort();
    const { items, pages } = await walkPages(server, `${s.base}/commenters?limit=1`, s.reader.token);
    expect(pages).toBe(3);
    expect(items.map((member: Json) => member.id)).toEqual(expected);
    expect(items[0]).toMatchObject({ object: 'member', user: { object: 'user' }, role: expect.any(String) });
    // The reader is a guest: they see the discussion's people by name, not their addresses,
    // which only who may list the organization's members sees (identity/user-view.ts).
    for (const item of items) expect(item.user).not.toHaveProperty('email');
    const asAdmin = await server.api(`${s.base}/commenters`, { token: s.org.admin.token });
    expect(asAdmin.body.items.map((member: Json) => typeof member.user.email)).toEqual([
      'string',
      'string',
      'string',
    ]);
    // Someone who left the organization is no longer a member, so no longer listed.
    await server.callOperation(operations.orgs.members.remove, s.org.admin, {
      organizationId: s.org.organization.id,
      userId: s.editor.user.id,
    });
    const after = await server.api(`${s.base}/commenters`, { token: s.reader.token });
    expect(after.body.items.map((member: Json) => member.id)).toEqual(
      expected.filter((id) => id !== s.editor.user.id),
    );
    expect(after.body.count).toBe(2);
    // Outsiders see nothing.
    const outsider = await createUser(server);
    expectError(await server.api(`${s.base}/commenters`, { token: outsider.token }), 404);
  });

  it('keeps every reaction of people reacting at once, and an edit racing them', async () => {
    const s = await setUp();
    const comment = await posted(s, s.commenter.token);
    const people = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const member = await addMember(server, s.org.organization.id, null);
        await grant(
          server,
          s.org,
          { kind: 'space', id: s.spaceId },
          { role: 'comment', users: [member.user.id] },
        );
        return member;
      }),
    );
    const url = `${s.base}/comments/${comment.id}`;
    const answers = await Promise.all([
      ...people.map((person) =>
        server.api(url, { method: 'PUT', token: person.token, body: { addedReactions: ['👍'] } }),
      ),
      server.api(url, { method: 'PUT', token: s.commenter.token, body: { body: { markdown: 'Racing.' } } }),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await server.api(url, { token: s.reader.token });
    expect(after.body.body).toEqual({ markdown: 'Racing.' });
    expect(after.body.reactions).toHaveLength(1);
    expect(after.body.reactions[0].count).toBe(people.length);
  });

  it('keeps at most 20 reactions of one person on a comment, even sent at once', async () => {
    const s = await setUp();
    const comment = await posted(s, s.commenter.token);
    // Distinct single emoji without end: a black flag and a tag sequence (as England's flag is).
    const flag = (n: number) =>
      `🏴${[...n.toString(26)].map((digit) => String.fromCodePoint(0xe0061 + Number.parseInt(digit, 26))).join('')}\u{e007f}`;
    const url = `${s.base}/comments/${comment.id}`;
    const sent = await Promise.all(
      [0, 1, 2].map((batch) =>
        server.api(url, {
          method: 'PUT',
          token: s.commenter.token,
          body: { addedReactions: Array.from({ length: 20 }, (_, i) => flag(batch * 20 + i)) },
        }),
      ),
    );
    for (const answer of sent) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const mine = async () => (await server.api(url, { token: s.reader.token })).body.reactions.length;
    expect(await mine()).toBe(20);
    // Taking one back makes room for another; others still react.
    await server.api(url, { method: 'PUT', token: s.commenter.token, body: { removedReactions: [flag(0)] } });
    await server.api(url, { method: 'PUT', token: s.commenter.token, body: { addedReactions: ['👍'] } });
    await server.api(url, { method: 'PUT', token: s.editor.token, body: { addedReactions: ['👍', '🎉'] } });
    const after = (await server.api(url, { token: s.reader.token })).body.reactions;
    expect(after).toHaveLength(21);
    expect(after.find((reaction: Json) => reaction.emoji === '👍').count).toBe(2);
  });

  it('replies: post, list, get, update, delete, and the replies count', async () => {
    const s = await setUp();
    const comment = await posted(s, s.commenter.token);
    const replies = `${s.base}/comments/${comment.id}/replies`;
    const first = await server.api(replies, {
      method: 'POST',
      token: s.editor.token,
      body: { body: { markdown: 'Agreed.' } },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: s.editor.user.id },
      body: { markdown: 'Agreed.' },
      reactions: [],
      permissions: { view: true, edit: true, reply: true, react: true, resolve: true, delete: true },
    });
    expect(first.body.urls.location).toMatch(new RegExp(`/comments/${comment.id}/replies/${first.body.id}$`));
    server.clock.advance(1);
    const second = await server.api(replies, {
      method: 'POST',
      token: s.commenter.token,
      body: { body: { markdown: 'Done.' } },
    });
    const listed = await server.api(`${replies}?format=document`, { token: s.reader.token });
    expect(listed.body.count).toBe(2);
    expect(listed.body.items.map((r: Json) => r.id)).toEqual([first.body.id, second.body.id]);
    expect(listed.body.items[0].body.document.object).toBe('document');
    expect(
      (await server.api(`${s.base}/comments/${comment.id}`, { token: s.reader.token })).body.replies,
    ).toBe(2);

    const reply = `${replies}/${first.body.id}`;
    expect((await server.api(reply, { token: s.reader.token })).body.id).toBe(first.body.id);
    const edited = await server.api(reply, {
      method: 'PUT',
      token: s.editor.token,
      body: { body: { markdown: 'Agreed, mostly.' }, addedReactions: ['👀'] },
    });
    expect(edited.body).toMatchObject({
      body: { markdown: 'Agreed, mostly.' },
      reactions: [{ emoji: '👀', count: 1 }],
    });
    expect(typeof edited.body.editedAt).toBe('string');
    expectError(
      await server.api(reply, { method: 'PUT', token: s.commenter.token, body: { body: { markdown: 'x' } } }),
      403,
    );
    expectError(await server.api(reply, { method: 'DELETE', token: s.commenter.token }), 403);
    expect((await server.api(reply, { method: 'DELETE', token: s.editor.token })).status).toBe(204);
    expect((await server.api(reply, { method: 'DELETE', token: s.editor.token })).status).toBe(204);
    expectError(await server.api(reply, { token: s.reader.token }), 404);
    expect(
      (await server.api(`${s.base}/comments/${comment.id}`, { token: s.reader.token })).body.replies,
    ).toBe(1);
    // Deleting the comment takes its replies with it.
    await server.api(`${s.base}/comments/${comment.id}`, { method: 'DELETE', token: s.org.admin.token });
    expect(await server.services.repos.commentReplies.count(comment.id)).toBe(0);
  });

  it('lists ~30 comments in both orders, page by page, filtered by page and author', async () => {
    const s = await setUp();
    const otherPage = await insertPage(s.org, s.spaceId, 'Configure');
    // A change request made before the page exists does not hold it: use the first page there.
    const pages = s.changeRequestId === null ? [s.pageId, otherPage] : [s.pageId, s.pageId];
    const postedIds: string[] = [];
    const byEditor: string[] = [];
    const onFirstPage: string[] = [];
    for (let i = 0; i < 30; i++) {
      server.clock.advance(1);
      const author = i % 3 === 0 ? s.editor : s.commenter;
      const page = pages[i % 2];
      const comment = await posted(s, author.token, { body: { markdown: `Remark ${i}` }, page });
      postedIds.push(comment.id);
      if (author === s.editor) byEditor.push(comment.id);
      if (page === s.pageId) onFirstPage.push(comment.id);
    }
    const desc = await walkPages(server, `${s.base}/comments?limit=7`, s.reader.token);
    expect(desc.items.map((c) => c.id)).toEqual([...postedIds].reverse());
    expect(desc.pages).toBe(5);
    expect(new Set(desc.counts)).toEqual(new Set([30]));
    const asc = await walkPages(server, `${s.base}/comments?limit=4&order=asc`, s.reader.token);
    expect(asc.items.map((c) => c.id)).toEqual(postedIds);
    const mine = await walkPages(
      server,
      `${s.base}/comments?limit=3&order=asc&authors=${s.editor.user.id}`,
      s.reader.token,
    );
    expect(mine.items.map((c) => c.id)).toEqual(byEditor);
    expect(mine.counts[0]).toBe(10);
    const onPage = await walkPages(
      server,
      `${s.base}/comments?limit=5&order=asc&targetPage=${s.pageId}`,
      s.reader.token,
    );
    expect(onPage.items.map((c) => c.id)).toEqual(onFirstPage);
    const twoAuthors = await server.api(
      `${s.base}/comments?limit=100&authors=${s.editor.user.id}&authors=${s.commenter.user.id}`,
      { token: s.reader.token },
    );
    expect(twoAuthors.body.count).toBe(30);
  });

  it('refuses: a reader may not post, an outsider sees nothing, bad input is a 400 naming the field', async () => {
    const s = await setUp();
    const comment = await posted(s, s.commenter.token);
    const before = await storedComments(s);
    expectError(await post(s, s.reader.token, { body: { markdown: 'Me too.' } }), 403);
    expectError(
      await server.api(`${s.base}/comments/${comment.id}/replies`, {
        method: 'POST',
        token: s.reader.token,
        body: { body: { markdown: 'Me too.' } },
      }),
      403,
    );
    expectError(
      await server.api(`${s.base}/comments/${comment.id}`, { method: 'DELETE', token: s.reader.token }),
      403,
    );
    const outsider = await createUser(server);
    expectError(await server.api(`${s.base}/comments`, { token: outsider.token }), 404);
    expectError(await server.api(`${s.base}/comments/${comment.id}`, { token: outsider.token }), 404);
    expectError(
      await server.api(`${s.base}/comments/${comment.id}`, { method: 'DELETE', token: outsider.token }),
      404,
    );

    expectFieldError(await post(s, s.commenter.token, {}), 'body');
    expectFieldError(await post(s, s.commenter.token, { body: { markdown: '' } }), 'body.markdown');
    expectFieldError(await post(s, s.commenter.token, { body: { markdown: '   \n' } }), 'body');
    expectFieldError(
      await post(s, s.commenter.token, { body: { markdown: 'x'.repeat(65_537) } }),
      'body.markdown',
    );
    expectFieldError(
      await post(s, s.commenter.token, { body: { markdown: 'ok' }, page: 'no-such-page' }),
      'page',
    );
    expectFieldError(await post(s, s.commenter.token, { body: { markdown: 'ok' }, node: 'n1' }), 'node');
    expectFieldError(await post(s, s.commenter.token, { body: { markdown: 'ok' }, color: 'red' }), 'color');
    for (const emoji of ['ok', '👍👍', '', 'a👍', '1']) {
      expectFieldError(
        await server.api(`${s.base}/comments/${comment.id}`, {
          method: 'PUT',
          token: s.commenter.token,
          body: { addedReactions: [emoji] },
        }),
        'addedReactions.0',
      );
    }
    expectFieldError(
      await server.api(`${s.base}/comments?status=closed`, { token: s.reader.token }),
      'status',
    );
    expectFieldError(await server.api(`${s.base}/comments?order=up`, { token: s.reader.token }), 'order');
    expect(await storedComments(s)).toEqual(before);
    expect(await openCount(s)).toBe(1);
  });

  it('a comment or reply of another space or scope is not found here', async () => {
    const s = await setUp();
    const other = await setUp();
    const elsewhere = await posted(other, other.org.admin.token);
    expectError(await server.api(`${s.base}/comments/${elsewhere.id}`, { token: s.org.admin.token }), 404);
    expectError(
      await server.api(`${s.base}/comments/${elsewhere.id}/replies`, {
        method: 'POST',
        token: s.org.admin.token,
        body: { body: { markdown: 'Hi.' } },
      }),
      404,
    );
    expect(
      (await server.api(`${s.base}/comments/${elsewhere.id}`, { method: 'DELETE', token: s.org.admin.token }))
        .status,
    ).toBe(204);
    expect(await server.services.repos.comments.findById(elsewhere.id)).not.toBeNull();
    expect(await server.services.repos.commentReplies.count(elsewhere.id)).toBe(0);
    // The space's own comments and a change request's are apart.
    const mine = await posted(s, s.commenter.token);
    const otherScope =
      s.changeRequestId === null
        ? `/v1/spaces/${s.spaceId}/change-requests/${(await server.callOperation(operations.changeRequests.create, s.org.admin, { spaceId: s.spaceId })).number}`
        : `/v1/spaces/${s.spaceId}`;
    expectError(await server.api(`${otherScope}/comments/${mine.id}`, { token: s.org.admin.token }), 404);
    expect((await server.api(`${otherScope}/comments`, { token: s.org.admin.token })).body.count).toBe(0);
  });

  it('deletes idempotently: an admin any comment, its author their own', async () => {
    const s = await setUp();
    const comment = await posted(s, s.commenter.token);
    expectError(
      await server.api(`${s.base}/comments/${comment.id}`, { method: 'DELETE', token: s.editor.token }),
      403,
    );
    expect(
      (await server.api(`${s.base}/comments/${comment.id}`, { method: 'DELETE', token: s.org.admin.token }))
        .status,
    ).toBe(204);
    expect(
      (await server.api(`${s.base}/comments/${comment.id}`, { method: 'DELETE', token: s.org.admin.token }))
        .status,
    ).toBe(204);
    expect(
      (await server.api(`${s.base}/comments/never-posted`, { method: 'DELETE', token: s.commenter.token }))
        .status,
    ).toBe(204);
    expectError(await server.api(`${s.base}/comments/${comment.id}`, { token: s.commenter.token }), 404);
  });
});
