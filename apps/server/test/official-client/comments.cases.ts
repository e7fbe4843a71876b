/**
 * The official client drives the comment operations on a space and in a change request:
 * post (about a page), list (status filter, order), get (both formats), update (resolve,
 * reopen, body, reactions), the replies (post, list, get, update, delete) and delete; each
 * response is checked against GitBook's document, and a refusal (a comment that is not
 * there) arrives as the client's error with its status.
 */
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

/** A space with one page, and the official client of its organization's admin. */
async function spaceWithPage(server: TestServer) {
  const { organization, admin } = await createOrganization(server);
  const client = officialClient(server.url, admin.token);
  const space = await client.api.orgs.createSpace(organization.id, { title: 'Handbook' });
  const edit = await server.api(`/v1/spaces/${space.data.id}/content`, {
    method: 'POST',
    token: admin.token,
    body: { changes: [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Start here.' } }] },
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  return { client, spaceId: space.data.id, pageId: edit.body.changes[0].page.id as string };
}

describe('comments', () => {
  it('on a space: post, list, get, update, replies and delete', async () => {
    const { client, spaceId, pageId } = await spaceWithPage(testServer());
    const { spaces } = client.api;

    const posted = await spaces.postCommentInSpace(spaceId, {
      body: { markdown: 'Is this right?' },
      page: pageId,
    });
    expectConforms(client.last(), 'postCommentInSpace', 200);
    expect(posted.data).toMatchObject({ status: 'open', target: { page: { id: pageId, outdated: false } } });
    const commentId = posted.data.id;

    const listed = await spaces.listCommentsInSpace(spaceId, { status: 'open', order: 'asc', limit: 10 });
    expectConforms(client.last(), 'listCommentsInSpace', 200);
    expect(listed.data.items.map((comment) => comment.id)).toEqual([commentId]);

    await spaces.getCommentInSpace(spaceId, commentId, { format: 'document' });
    expectConforms(client.last(), 'getCommentInSpace', 200);

    const resolved = await spaces.updateCommentInSpace(spaceId, commentId, {
      resolved: true,
      addedReactions: ['👍'],
    });
    expectConforms(client.last(), 'updateCommentInSpace', 200);
    expect(resolved.data).toMatchObject({ status: 'resolved', reactions: [{ emoji: '👍', count: 1 }] });

    const reply = await spaces.postCommentReplyInSpace(spaceId, commentId, { body: { markdown: 'Yes.' } });
    expectConforms(client.last(), 'postCommentReplyInSpace', 200);
    await spaces.listCommentRepliesInSpace(spaceId, commentId, { format: 'markdown' });
    expectConforms(client.last(), 'listCommentRepliesInSpace', 200);
    const commenters = await spaces.listCommentersInSpace(spaceId, { limit: 10 });
    expectConforms(client.last(), 'listCommentersInSpace', 200);
    expect(commenters.data.items).toHaveLength(1);
    await spaces.getCommentReplyInSpace(spaceId, commentId, reply.data.id);
    expectConforms(client.last(), 'getCommentReplyInSpace', 200);
    await spaces.updateCommentReplyInSpace(spaceId, commentId, reply.data.id, { body: { markdown: 'Yes!' } });
    expectConforms(client.last(), 'updateCommentReplyInSpace', 200);
    await spaces.deleteCommentReplyInSpace(spaceId, commentId, reply.data.id);
    expectConforms(client.last(), 'deleteCommentReplyInSpace', 204);

    await spaces.deleteCommentInSpace(spaceId, commentId);
    expectConforms(client.last(), 'deleteCommentInSpace', 204);
    await expectClientError(client, spaces.getCommentInSpace(spaceId, commentId), 'getCommentInSpace', 404);
  });

  it('in a change request: post, list, get, update, replies and delete', async () => {
    const { client, spaceId, pageId } = await spaceWithPage(testServer());
    const { spaces } = client.api;
    const changeRequest = await spaces.createChangeRequest(spaceId, { subject: 'Proposal' });
    const changeRequestId = changeRequest.data.id;

    const posted = await spaces.postCommentInChangeRequest(spaceId, changeRequestId, {
      body: { markdown: 'Why?' },
      page: pageId,
    });
    expectConforms(client.last(), 'postCommentInChangeRequest', 200);
    expect(posted.data.target).toMatchObject({ changeRequest: changeRequestId, page: { id: pageId } });
    const commentId = posted.data.id;

    const listed = await spaces.listCommentsInChangeRequest(spaceId, changeRequestId, { status: 'all' });
    expectConforms(client.last(), 'listCommentsInChangeRequest', 200);
    expect(listed.data.items.map((comment) => comment.id)).toEqual([commentId]);

    await spaces.getCommentInChangeRequest(spaceId, changeRequestId, commentId, { format: 'markdown' });
    expectConforms(client.last(), 'getCommentInChangeRequest', 200);

    await spaces.updateCommentInChangeRequest(spaceId, changeRequestId, commentId, {
      body: { markdown: 'Why not?' },
    });
    expectConforms(client.last(), 'updateCommentInChangeRequest', 200);

    const reply = await spaces.postCommentReplyInChangeRequest(spaceId, changeRequestId, commentId, {
      body: { markdown: 'Because.' },
    });
    expectConforms(client.last(), 'postCommentReplyInChangeRequest', 200);
    const commenters = await spaces.listCommentersInChangeRequest(spaceId, changeRequestId);
    expectConforms(client.last(), 'listCommentersInChangeRequest', 200);
    expect(commenters.data.items).toHaveLength(1);
    await spaces.listCommentRepliesInChangeRequest(spaceId, changeRequestId, commentId);
    expectConforms(client.last(), 'listCommentRepliesInChangeRequest', 200);
    await spaces.getCommentReplyInChangeRequest(spaceId, changeRequestId, commentId, reply.data.id);
    expectConforms(client.last(), 'getCommentReplyInChangeRequest', 200);
    await spaces.updateCommentReplyInChangeRequest(spaceId, changeRequestId, commentId, reply.data.id, {
      addedReactions: ['🎉'],
    });
    expectConforms(client.last(), 'updateCommentReplyInChangeRequest', 200);
    await spaces.deleteCommentReplyInChangeRequest(spaceId, changeRequestId, commentId, reply.data.id);
    expectConforms(client.last(), 'deleteCommentReplyInChangeRequest', 204);

    await spaces.deleteCommentInChangeRequest(spaceId, changeRequestId, commentId);
    expectConforms(client.last(), 'deleteCommentInChangeRequest', 204);
  });
});
