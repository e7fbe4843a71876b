/**
 * The matrix of the comment routes (`COMMENT_RULES`), on a space and in a change request
 * (the same rules on both mounts): reading needs view on the space; posting, replying and
 * resolving need comment; changing the body of a comment or reply is its author's alone
 * (with comment); deleting is its author's (with comment) or an admin's. A refused call
 * stores nothing.
 */
import { operations } from '@quire/domain';
import { byItemRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixCaller, MatrixFixture } from '../support/matrix/matrix-fixture';

interface Mount {
  /** The route prefix of the mount. */
  base: string;
  inChangeRequest: boolean;
}

const MOUNTS: readonly Mount[] = [
  { base: '/v1/spaces/:spaceId', inChangeRequest: false },
  { base: '/v1/spaces/:spaceId/change-requests/:changeRequestId', inChangeRequest: true },
];

/** One change request of the fixture's space per fixture: the change-request mount's scope. */
const changeRequests = new WeakMap<MatrixFixture, Promise<string>>();
function changeRequestOf(f: MatrixFixture): Promise<string> {
  let made = changeRequests.get(f);
  if (!made) {
    made = f
      .run(operations.changeRequests.create, { spaceId: f.content.space, subject: 'Comments' })
      .then((changeRequest) => String(changeRequest.number));
    changeRequests.set(f, made);
  }
  return made;
}

interface Scope {
  spaceId: string;
  changeRequestId?: string;
}

async function scopeOf(f: MatrixFixture, mount: Mount): Promise<Scope> {
  return mount.inChangeRequest
    ? { spaceId: f.content.space, changeRequestId: await changeRequestOf(f) }
    : { spaceId: f.content.space };
}

interface PostedComment {
  scope: Scope;
  commentId: string;
}

interface PostedReply extends PostedComment {
  commentReplyId: string;
}

/** Gives a comment or reply another author (written past the rules). */
async function reassign(f: MatrixFixture, collection: string, id: string, userId: string) {
  await f.server.store.db
    .collection<{ _id: string; postedBy: string }>(collection)
    .updateOne({ _id: id }, { $set: { postedBy: userId } });
}

/**
 * A comment in the mount's scope, posted by the organization's admin and then given to the
 * fixture's subject: someone else's for every caller, the admin caller included.
 */
async function othersComment(f: MatrixFixture, mount: Mount): Promise<PostedComment> {
  const scope = await scopeOf(f, mount);
  const comment = await f.run(operations.spaces.comments.post, {
    ...scope,
    body: { markdown: f.unique('Remark') },
  });
  await reassign(f, 'comments', comment.id, f.subject.user.id);
  return { scope, commentId: comment.id };
}

/** A reply to someone else's comment, itself someone else's (see `othersComment`). */
async function othersReply(f: MatrixFixture, mount: Mount): Promise<PostedReply> {
  const posted = await othersComment(f, mount);
  const reply = await f.run(operations.spaces.comments.replies.post, {
    ...posted.scope,
    commentId: posted.commentId,
    body: { markdown: f.unique('Reply') },
  });
  await reassign(f, 'commentReplies', reply.id, f.subject.user.id);
  return { ...posted, commentReplyId: reply.id };
}

/** Makes the caller the author (written past the rules, as no refused caller could post it). */
async function authoredBy(f: MatrixFixture, collection: string, id: string, caller: MatrixCaller) {
  if (caller.userId) await reassign(f, collection, id, caller.userId);
}

const storedComment = async (f: MatrixFixture, posted: PostedComment) => {
  const stored = await f.server.services.repos.comments.findById(posted.commentId);
  return stored && { body: stored.body, status: stored.status, reactions: stored.reactions.length };
};

const storedReply = async (f: MatrixFixture, posted: PostedReply) => {
  const stored = await f.server.services.repos.commentReplies.findById(posted.commentReplyId);
  return stored && { body: stored.body, reactions: stored.reactions.length };
};

const commentCount = async (f: MatrixFixture, mount: Mount) => {
  const scope = await scopeOf(f, mount);
  return f.read(operations.spaces.comments.list, { ...scope, limit: 1 });
};

function mountCases(mount: Mount): MatrixCase[] {
  const COMMENTS = `${mount.base}/comments`;
  const COMMENT = `${COMMENTS}/:commentId`;
  const REPLIES = `${COMMENT}/replies`;
  const REPLY = `${REPLIES}/:commentReplyId`;
  const comment = (f: MatrixFixture) => othersComment(f, mount);
  const reply = (f: MatrixFixture) => othersReply(f, mount);
  const commentPath = (_f: MatrixFixture, posted: PostedComment) => ({
    ...posted.scope,
    commentId: posted.commentId,
  });
  const replyPath = (_f: MatrixFixture, posted: PostedReply) => ({
    ...posted.scope,
    commentId: posted.commentId,
    commentReplyId: posted.commentReplyId,
  });
  return [
    matrixCase({
      route: `GET ${COMMENTS}`,
      prepare: comment,
      input: (_f, posted: PostedComment) => ({ ...posted.scope, status: 'open' }),
      expected: byItemRole('read', 200),
    }),
    matrixCase({
      route: `GET ${mount.base}/commenters`,
      prepare: comment,
      input: (_f, posted: PostedComment) => ({ ...posted.scope }),
      expected: byItemRole('read', 200),
    }),
    matrixCase({
      route: `POST ${COMMENTS}`,
      input: async (f) => ({ ...(await scopeOf(f, mount)), body: { markdown: f.unique('New remark') } }),
      observe: (f) => commentCount(f, mount),
      expected: byItemRole('comment', 200),
    }),
    matrixCase({
      route: `GET ${COMMENT}`,
      prepare: comment,
      input: commentPath,
      expected: byItemRole('read', 200),
    }),
    matrixCase({
      route: `PUT ${COMMENT}`,
      title: "resolving someone else's comment",
      prepare: comment,
      input: (f, posted: PostedComment) => ({ ...commentPath(f, posted), resolved: true }),
      observe: storedComment,
      expected: byItemRole('comment', 200),
    }),
    matrixCase({
      route: `PUT ${COMMENT}`,
      title: "reacting to someone else's comment",
      prepare: comment,
      input: (f, posted: PostedComment) => ({ ...commentPath(f, posted), addedReactions: ['👍'] }),
      observe: storedComment,
      expected: byItemRole('comment', 200),
    }),
    matrixCase({
      route: `PUT ${COMMENT}`,
      title: "editing someone else's comment: nobody may",
      prepare: comment,
      input: (f, posted: PostedComment) => ({ ...commentPath(f, posted), body: { markdown: 'Rewritten.' } }),
      observe: storedComment,
      expected: byItemRole('read', 403),
    }),
    matrixCase({
      route: `PUT ${COMMENT}`,
      title: "editing the caller's own comment",
      prepare: comment,
      input: async (f, posted: PostedComment, caller) => {
        await authoredBy(f, 'comments', posted.commentId, caller);
        return { ...commentPath(f, posted), body: { markdown: 'Rewritten.' } };
      },
      observe: storedComment,
      expected: byItemRole('comment', 200),
    }),
    matrixCase({
      route: `DELETE ${COMMENT}`,
      title: "someone else's comment",
      prepare: comment,
      input: commentPath,
      observe: storedComment,
      expected: byItemRole('admin', 204),
    }),
    matrixCase({
      route: `DELETE ${COMMENT}`,
      title: "the caller's own comment",
      prepare: comment,
      input: async (f, posted: PostedComment, caller) => {
        await authoredBy(f, 'comments', posted.commentId, caller);
        return commentPath(f, posted);
      },
      observe: storedComment,
      expected: byItemRole('comment', 204),
    }),
    matrixCase({
      route: `GET ${REPLIES}`,
      prepare: reply,
      input: commentPath,
      expected: byItemRole('read', 200),
    }),
    matrixCase({
      route: `POST ${REPLIES}`,
      prepare: comment,
      input: (f, posted: PostedComment) => ({
        ...commentPath(f, posted),
        body: { markdown: f.unique('Reply') },
      }),
      observe: (f, posted: PostedComment) =>
        f.read(operations.spaces.comments.replies.list, commentPath(f, posted)),
      expected: byItemRole('comment', 200),
    }),
    matrixCase({
      route: `GET ${REPLY}`,
      prepare: reply,
      input: replyPath,
      expected: byItemRole('read', 200),
    }),
    matrixCase({
      route: `PUT ${REPLY}`,
      title: "reacting to someone else's reply",
      prepare: reply,
      input: (f, posted: PostedReply) => ({ ...replyPath(f, posted), addedReactions: ['🎉'] }),
      observe: storedReply,
      expected: byItemRole('comment', 200),
    }),
    matrixCase({
      route: `PUT ${REPLY}`,
      title: "editing the caller's own reply",
      prepare: reply,
      input: async (f, posted: PostedReply, caller) => {
        await authoredBy(f, 'commentReplies', posted.commentReplyId, caller);
        return { ...replyPath(f, posted), body: { markdown: 'Rewritten.' } };
      },
      observe: storedReply,
      expected: byItemRole('comment', 200),
    }),
    matrixCase({
      route: `DELETE ${REPLY}`,
      title: "someone else's reply",
      prepare: reply,
      input: replyPath,
      observe: storedReply,
      expected: byItemRole('admin', 204),
    }),
  ];
}

export const commentCases: MatrixCase[] = MOUNTS.flatMap(mountCases);
