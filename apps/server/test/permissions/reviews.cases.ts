/**
 * The matrix of the review routes (`CHANGE_REQUEST_RULES`' `review` and `requestReviewers`):
 * reading reviews, requested reviewers, contributors, changes and the merge status needs view
 * on the space; a review needs the space's review role, or comment for a requested reviewer,
 * and never the change request's author; asking for reviewers (and taking it back) needs
 * review, or edit for the author. A space's merge rules are read with view and set with admin;
 * an organization's queue and merge rules are read by its members and set by its admins.
 * Everyone reads and marks read their own notifications only. Reviews and requests the cases
 * need are written past the rules (as no refused caller could make them).
 */
import { operations } from '@quire/domain';
import { anyCaller, byItemRole, byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixCaller, MatrixFixture } from '../support/matrix/matrix-fixture';

const CHANGE_REQUEST = '/v1/spaces/:spaceId/change-requests/:changeRequestId';
const EVERY_MEMBER = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest'] as const;
/** An author who is none of the callers. */
const SOMEONE_ELSE = 'someone-else';

/** A change request of the fixture's space with one page proposed, authored by `author`; its id. */
async function changeRequestBy(f: MatrixFixture, author: string | null = SOMEONE_ELSE): Promise<string> {
  const { id } = await f.run(operations.changeRequests.create, {
    spaceId: f.content.space,
    subject: f.unique('CR'),
  });
  await f.run(operations.changeRequests.content.update, {
    spaceId: f.content.space,
    changeRequestId: id,
    changes: [{ operation: 'insert_page', title: f.unique('Proposed'), document: { markdown: 'Text.' } }],
  });
  if (author !== null) {
    await f.server.store.db
      .collection<{ _id: string; createdBy: string }>('changeRequests')
      .updateOne({ _id: id }, { $set: { createdBy: author } });
  }
  return id;
}

interface Reviewed {
  changeRequestId: string;
  reviewId: string;
}

/** A change request with one approval by the fixture's subject; shared by every read. */
const built = new WeakMap<MatrixFixture, Promise<Reviewed>>();
function reviewed(f: MatrixFixture): Promise<Reviewed> {
  let made = built.get(f);
  if (!made) {
    made = (async () => {
      const changeRequestId = await changeRequestBy(f);
      const stored = await f.server.services.repos.changeRequests.findById(changeRequestId);
      const reviewId = f.server.services.ids.newId();
      await f.server.services.repos.changeRequestReviews.insert({
        id: reviewId,
        spaceId: f.content.space,
        changeRequestId,
        revision: stored?.revision ?? '',
        reviewer: f.subject.user.id,
        status: 'approved',
        comment: 'Fine.',
        createdAt: new Date().toISOString(),
      });
      return { changeRequestId, reviewId };
    })();
    built.set(f, made);
  }
  return made;
}

const readOf = (route: string, extra: (r: Reviewed) => Record<string, unknown> = () => ({})): MatrixCase =>
  matrixCase({
    route,
    prepare: reviewed,
    input: (f, r: Reviewed) => ({
      spaceId: f.content.space,
      changeRequestId: r.changeRequestId,
      ...extra(r),
    }),
    expected: byItemRole('read', 200),
  });

const reviewsOf = async (f: MatrixFixture, changeRequestId: string) =>
  (await f.server.services.repos.changeRequestReviews.listOf(changeRequestId, 1000)).length;
const requestedOf = async (f: MatrixFixture, changeRequestId: string) =>
  (await f.server.services.repos.changeRequestReviewers.listOf(changeRequestId, 100)).map((r) => r.userId);

/** Asks `caller` to review `changeRequestId` (written past the rules). */
const askCaller = (f: MatrixFixture, changeRequestId: string, caller: MatrixCaller) =>
  caller.userId === null
    ? Promise.resolve()
    : f.server.services.repos.changeRequestReviewers.put([
        {
          spaceId: f.content.space,
          changeRequestId,
          userId: caller.userId,
          requestedBy: f.admin.user.id,
          revision: 'any',
          createdAt: new Date().toISOString(),
        },
      ]);

const mergeRulesOf = (f: MatrixFixture, scope: 'space' | 'organization', id: string) =>
  f.server.services.repos.mergeRules.find(scope, id);

export const reviewCases: MatrixCase[] = [
  readOf(`GET ${CHANGE_REQUEST}/reviews`),
  readOf(`GET ${CHANGE_REQUEST}/reviews/:reviewId`, (r) => ({ reviewId: r.reviewId })),
  readOf(`GET ${CHANGE_REQUEST}/requested-reviewers`),
  readOf(`GET ${CHANGE_REQUEST}/contributors`),
  readOf(`GET ${CHANGE_REQUEST}/changes`),
  readOf(`GET ${CHANGE_REQUEST}/merge-status`),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/reviews`,
    title: "someone else's change request",
    prepare: (f) => changeRequestBy(f),
    input: (f, changeRequestId: string) => ({
      spaceId: f.content.space,
      changeRequestId,
      status: 'approved',
    }),
    observe: reviewsOf,
    expected: byItemRole('review', 201),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/reviews`,
    title: 'a requested reviewer (comment is enough, a reader never reviews)',
    prepare: (f) => changeRequestBy(f),
    input: async (f, changeRequestId: string, caller) => {
      await askCaller(f, changeRequestId, caller);
      return {
        spaceId: f.content.space,
        changeRequestId,
        status: 'changes-requested',
        comment: { markdown: 'Why?' },
      };
    },
    observe: reviewsOf,
    expected: byItemRole('comment', 201),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/reviews`,
    title: "the caller's own change request (nobody approves their own)",
    prepare: (f) => changeRequestBy(f),
    input: async (f, changeRequestId: string, caller) => {
      if (caller.userId) {
        await f.server.store.db
          .collection<{ _id: string; createdBy: string }>('changeRequests')
          .updateOne({ _id: changeRequestId }, { $set: { createdBy: caller.userId } });
      }
      return { spaceId: f.content.space, changeRequestId, status: 'approved' };
    },
    observe: reviewsOf,
    expected: byItemRole('read', 403),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/requested-reviewers`,
    title: "someone else's change request",
    prepare: (f) => changeRequestBy(f),
    input: (f, changeRequestId: string) => ({
      spaceId: f.content.space,
      changeRequestId,
      users: [f.subject.user.id],
    }),
    observe: requestedOf,
    expected: byItemRole('review', 200),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/requested-reviewers`,
    title: "the caller's own change request",
    prepare: (f) => changeRequestBy(f),
    input: async (f, changeRequestId: string, caller) => {
      if (caller.userId) {
        await f.server.store.db
          .collection<{ _id: string; createdBy: string }>('changeRequests')
          .updateOne({ _id: changeRequestId }, { $set: { createdBy: caller.userId } });
      }
      return { spaceId: f.content.space, changeRequestId, users: [f.subject.user.id] };
    },
    observe: requestedOf,
    expected: byItemRole('edit', 200),
  }),
  matrixCase({
    route: `DELETE ${CHANGE_REQUEST}/requested-reviewers/:userId`,
    prepare: async (f) => {
      const changeRequestId = await changeRequestBy(f);
      await f.run(operations.changeRequests.requestedReviewers.request, {
        spaceId: f.content.space,
        changeRequestId,
        users: [f.subject.user.id],
      });
      return changeRequestId;
    },
    input: (f, changeRequestId: string) => ({
      spaceId: f.content.space,
      changeRequestId,
      userId: f.subject.user.id,
    }),
    observe: requestedOf,
    expected: byItemRole('review', 205),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/change-requests',
    prepare: (f) => changeRequestBy(f),
    input: (f) => ({ organizationId: f.organization.id, status: ['draft'] }),
    expected: byOrganizationRole(EVERY_MEMBER, 200),
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId/merge-rules',
    input: (f) => ({ spaceId: f.content.space }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: 'PUT /v1/spaces/:spaceId/merge-rules',
    prepare: (f) => f.freshSpace(),
    input: (_f, spaceId: string) => ({ spaceId, minApprovals: 2 }),
    observe: (f, spaceId: string) => mergeRulesOf(f, 'space', spaceId),
    expected: byItemRole('admin', 200),
  }),
  matrixCase({
    route: 'DELETE /v1/spaces/:spaceId/merge-rules',
    prepare: async (f) => {
      const spaceId = await f.freshSpace();
      await f.run(operations.spaces.mergeRules.update, { spaceId, requireUpToDate: true });
      return spaceId;
    },
    input: (_f, spaceId: string) => ({ spaceId }),
    observe: (f, spaceId: string) => mergeRulesOf(f, 'space', spaceId),
    expected: byItemRole('admin', 205),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/merge-rules',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(EVERY_MEMBER, 200),
  }),
  matrixCase({
    route: 'PUT /v1/orgs/:organizationId/merge-rules',
    // A rule no other case's merge meets is never set here: one approval counted by nobody's merge.
    input: (f) => ({
      organizationId: f.organization.id,
      requiredReviewers: [f.subject.user.id],
      minApprovals: 0,
    }),
    observe: async (f) => {
      const rules = await mergeRulesOf(f, 'organization', f.organization.id);
      // Removed after each call, so the organization's rules never block another case's merge.
      if (rules) await f.server.services.repos.mergeRules.remove('organization', f.organization.id);
      return rules !== null;
    },
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'GET /v1/user/notifications',
    input: () => ({ unread: true }),
    expected: anyCaller(200),
  }),
  matrixCase({
    route: 'POST /v1/user/notifications/read',
    title: "someone else's notification (nothing changes)",
    prepare: async (f) => {
      const changeRequestId = await changeRequestBy(f);
      const { users } = await f.run(operations.changeRequests.requestedReviewers.request, {
        spaceId: f.content.space,
        changeRequestId,
        users: [f.subject.user.id],
      });
      const page = await f.run(operations.user.notifications.list, { unread: true }, f.subject);
      return { id: page.items[0]?.id ?? '', asked: users.length };
    },
    input: (_f, notification: { id: string }) => ({ ids: [notification.id] }),
    observe: async (f) =>
      (await f.run(operations.user.notifications.list, { unread: true }, f.subject)).count,
    expected: anyCaller({ status: 200, unchanged: true }),
  }),
];
