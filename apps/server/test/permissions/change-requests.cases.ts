/**
 * The matrix of the change-request routes (`CHANGE_REQUEST_RULES`): reading needs view on the
 * space, creating needs edit, a PATCH needs review, or edit for the change request's author.
 * Its content reads (and a link to its PDF) need view; editing its content, importing into
 * it and bringing it up to date (`update`) need edit; merging needs review. A merged or
 * archived change request refuses content edits, imports, merge and update with 409 to
 * whoever passes the rules, and nothing is written. Imports read a markdown file served on
 * 127.0.0.1 (`markdown-origin.ts`; the matrix's server allows the host), whose requests a
 * refused call must not make.
 */
import { operations } from '@quire/domain';
import { type MarkdownSource, markdownSource } from '../support/markdown-origin';
import { byItemRole, type Expected } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';
import { storeFileInSpace } from '../support/stored-file';

const CHANGE_REQUEST = '/v1/spaces/:spaceId/change-requests/:changeRequestId';

/** A fresh change request of the fixture's space, created by its admin; its id. */
const freshChangeRequest = async (f: MatrixFixture) =>
  (await f.run(operations.changeRequests.create, { spaceId: f.content.space, subject: f.unique('CR') })).id;

/** What a PATCH may change of a change request, read from the store. */
const storedChangeRequest = async (f: MatrixFixture, changeRequestId: string) => {
  const stored = await f.server.services.repos.changeRequests.findById(changeRequestId);
  return stored && { subject: stored.subject, status: stored.status };
};

/** A fresh change request of the fixture's space with one page inserted in it; its id. */
const editedChangeRequest = async (f: MatrixFixture) => {
  const changeRequestId = await freshChangeRequest(f);
  await f.run(operations.changeRequests.content.update, {
    spaceId: f.content.space,
    changeRequestId,
    changes: [
      { operation: 'insert_page', title: f.unique('Proposed'), document: { markdown: 'Proposed text.' } },
    ],
  });
  return changeRequestId;
};

/** A change request behind its space: the space was edited after it was made; its id. */
const outdatedChangeRequest = async (f: MatrixFixture) => {
  const changeRequestId = await editedChangeRequest(f);
  await f.run(operations.spaces.content.update, {
    spaceId: f.content.space,
    changes: [{ operation: 'insert_page', title: f.unique('Live'), document: { markdown: 'Live text.' } }],
  });
  return changeRequestId;
};

/** A change request merged into its space by the admin; its id. */
const mergedChangeRequest = async (f: MatrixFixture) => {
  const changeRequestId = await editedChangeRequest(f);
  await f.run(operations.changeRequests.merge, { spaceId: f.content.space, changeRequestId });
  return changeRequestId;
};

/** A change request its author archived; its id. */
const archivedChangeRequest = async (f: MatrixFixture) => {
  const changeRequestId = await editedChangeRequest(f);
  await f.run(operations.changeRequests.update, {
    spaceId: f.content.space,
    changeRequestId,
    status: 'archived',
  });
  return changeRequestId;
};

/**
 * What a content edit, a merge or an update may change, read from the store: the change
 * request's status and revisions, the space's head, and how many revisions the space has
 * (a refused call writes none, not even one nobody points at).
 */
const contentState = async (f: MatrixFixture, changeRequestId: string) => {
  const { repos } = f.server.services;
  const [stored, space, revisions] = await Promise.all([
    repos.changeRequests.findById(changeRequestId),
    repos.spaces.findById(f.content.space),
    repos.revisions.countForSpace(f.content.space),
  ]);
  return {
    status: stored?.status,
    revision: stored?.revision,
    revisionMergedAncestor: stored?.revisionMergedAncestor,
    revisionMerged: stored?.revisionMerged,
    spaceRevision: space?.revisionId,
    revisions,
  };
};

interface ChangeRequestImport {
  changeRequestId: string;
  source: MarkdownSource;
}

/** An import into the change request `changeRequestId` names of a markdown file of its own. */
const changeRequestImport = async (changeRequestId: string): Promise<ChangeRequestImport> => ({
  changeRequestId,
  source: await markdownSource(),
});

const importInput = (f: MatrixFixture, { changeRequestId, source }: ChangeRequestImport) => ({
  spaceId: f.content.space,
  changeRequestId,
  url: source.url,
  source: 'markdown',
});

/**
 * The change request's content state, whether the source was read and how many import jobs
 * it has (read from the store): a refused import reads nothing and records no job.
 */
const importState = async (f: MatrixFixture, { changeRequestId, source }: ChangeRequestImport) => ({
  ...(await contentState(f, changeRequestId)),
  sourceRequests: source.requests(),
  importJobs: await f.server.store.db
    .collection('jobs')
    .countDocuments({ kind: 'content.import', 'payload.changeRequestId': changeRequestId }),
});

const insertPage = (f: MatrixFixture) => [
  { operation: 'insert_page', title: f.unique('Page'), document: { markdown: 'Some text.' } },
];

interface ChangeRequestContent {
  spaceId: string;
  /** The change request's number: reads accept it as well as its id. */
  changeRequestId: string;
  /** The nested page, at `guide/install`. */
  pageId: string;
  pagePath: string;
  fileId: string;
}

/**
 * A fresh space with two nested pages and a file (written past the rules: no operation
 * inserts files yet), and a change request of it that edited the nested page.
 */
async function buildChangeRequestContent(f: MatrixFixture): Promise<ChangeRequestContent> {
  const spaceId = await f.freshSpace();
  const edited = await f.run(operations.spaces.content.update, {
    spaceId,
    changes: [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Start here.' } },
      { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Run `quire`.' } },
    ],
  });
  const second = edited.changes[1];
  if (second?.object !== 'created_page') throw new Error('the edit made no second page');
  const pageId = second.page.id;
  const { fileId } = await storeFileInSpace(f.server.services, spaceId, {
    name: 'logo.png',
    contentType: 'image/png',
    bytes: Buffer.from('not really a png'),
  });
  const changeRequest = await f.run(operations.changeRequests.create, { spaceId, subject: 'Read me' });
  await f.run(operations.changeRequests.content.update, {
    spaceId,
    changeRequestId: changeRequest.id,
    changes: [{ operation: 'update_page', page: pageId, document: { markdown: 'Run `quire start`.' } }],
  });
  return {
    spaceId,
    changeRequestId: String(changeRequest.number),
    pageId,
    pagePath: 'guide/install',
    fileId,
  };
}

/** One change request with content per fixture, shared by every read (queries prepare once per case). */
const built = new WeakMap<MatrixFixture, Promise<ChangeRequestContent>>();
function changeRequestContent(f: MatrixFixture): Promise<ChangeRequestContent> {
  let content = built.get(f);
  if (!content) {
    content = buildChangeRequestContent(f);
    built.set(f, content);
  }
  return content;
}

/**
 * A read of the change request's content: view on the space, 404 for who cannot see it
 * (`expected` for a read that fails for every viewer as well).
 */
const readContent = (
  route: string,
  input: (content: ChangeRequestContent) => Record<string, unknown>,
  variant: { title?: string; expected?: Expected } = {},
): MatrixCase =>
  matrixCase({
    route,
    ...(variant.title === undefined ? {} : { title: variant.title }),
    prepare: changeRequestContent,
    input: (_f, content: ChangeRequestContent) => ({
      spaceId: content.spaceId,
      changeRequestId: content.changeRequestId,
      ...input(content),
    }),
    expected: variant.expected ?? byItemRole('read', 200),
  });

const draftsOf = (f: MatrixFixture) =>
  f.read(operations.changeRequests.list, { spaceId: f.content.space, status: 'draft', limit: 1000 });

export const changeRequestCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/spaces/:spaceId/change-requests',
    prepare: freshChangeRequest,
    input: (f) => ({ spaceId: f.content.space, status: 'draft' }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: 'POST /v1/spaces/:spaceId/change-requests',
    input: (f) => ({ spaceId: f.content.space, subject: f.unique('Proposal') }),
    observe: draftsOf,
    expected: byItemRole('edit', 201),
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId/change-requests/:changeRequestId',
    prepare: freshChangeRequest,
    input: (f, changeRequestId: string) => ({ spaceId: f.content.space, changeRequestId }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: 'PATCH /v1/spaces/:spaceId/change-requests/:changeRequestId',
    title: "someone else's change request",
    prepare: freshChangeRequest,
    input: (f, changeRequestId: string) => ({ spaceId: f.content.space, changeRequestId, status: 'open' }),
    observe: storedChangeRequest,
    expected: byItemRole('review', 200),
  }),
  matrixCase({
    route: 'PATCH /v1/spaces/:spaceId/change-requests/:changeRequestId',
    title: "the caller's own change request (by its number)",
    prepare: freshChangeRequest,
    input: async (f, changeRequestId: string, caller) => {
      // The caller made it: its author (written past the rules, as no refused caller could create it).
      if (caller.userId) {
        await f.server.store.db
          .collection<{ _id: string; createdBy: string }>('changeRequests')
          .updateOne({ _id: changeRequestId }, { $set: { createdBy: caller.userId } });
      }
      const stored = await f.server.services.repos.changeRequests.findById(changeRequestId);
      return { spaceId: f.content.space, changeRequestId: String(stored?.number), subject: f.unique('Mine') };
    },
    observe: storedChangeRequest,
    expected: byItemRole('edit', 200),
  }),
  readContent(`GET ${CHANGE_REQUEST}/content`, () => ({})),
  readContent(`GET ${CHANGE_REQUEST}/content/pages`, () => ({})),
  readContent(`GET ${CHANGE_REQUEST}/content/page/:pageId`, (c) => ({
    pageId: c.pageId,
    format: 'markdown',
  })),
  readContent(`GET ${CHANGE_REQUEST}/content/path/:pagePath`, (c) => ({ pagePath: c.pagePath })),
  readContent(`GET ${CHANGE_REQUEST}/content/files`, () => ({})),
  readContent(`GET ${CHANGE_REQUEST}/content/files/:fileId`, (c) => ({ fileId: c.fileId })),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/content`,
    prepare: freshChangeRequest,
    input: (f, changeRequestId: string) => ({
      spaceId: f.content.space,
      changeRequestId,
      changes: insertPage(f),
    }),
    observe: contentState,
    expected: byItemRole('edit', 200),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/content`,
    title: 'a merged change request',
    prepare: mergedChangeRequest,
    input: (f, changeRequestId: string) => ({
      spaceId: f.content.space,
      changeRequestId,
      changes: insertPage(f),
    }),
    observe: contentState,
    expected: byItemRole('edit', 409),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/content/import`,
    prepare: async (f) => changeRequestImport(await freshChangeRequest(f)),
    input: importInput,
    observe: importState,
    expected: byItemRole('edit', 201),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/content/import`,
    title: 'a merged change request',
    prepare: async (f) => changeRequestImport(await mergedChangeRequest(f)),
    input: importInput,
    observe: importState,
    expected: byItemRole('edit', 409),
  }),
  readContent(`GET ${CHANGE_REQUEST}/pdf`, () => ({})),
  readContent(`GET ${CHANGE_REQUEST}/pdf`, (c) => ({ only: true, page: c.pageId }), {
    title: 'one page and its subpages',
  }),
  readContent(`GET ${CHANGE_REQUEST}/pdf`, () => ({ only: true, page: 'no-such-page' }), {
    title: 'a page not in its content',
    expected: byItemRole('read', 404),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/merge`,
    prepare: editedChangeRequest,
    input: (f, changeRequestId: string) => ({ spaceId: f.content.space, changeRequestId }),
    observe: contentState,
    expected: byItemRole('review', 200),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/merge`,
    title: 'an archived change request',
    prepare: archivedChangeRequest,
    input: (f, changeRequestId: string) => ({ spaceId: f.content.space, changeRequestId }),
    observe: contentState,
    expected: byItemRole('review', 409),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/update`,
    title: 'a change request behind its space',
    prepare: outdatedChangeRequest,
    input: (f, changeRequestId: string) => ({ spaceId: f.content.space, changeRequestId }),
    observe: contentState,
    expected: byItemRole('edit', 200),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/update`,
    title: 'a merged change request',
    prepare: mergedChangeRequest,
    input: (f, changeRequestId: string) => ({ spaceId: f.content.space, changeRequestId }),
    observe: contentState,
    expected: byItemRole('edit', 409),
  }),
];
