/**
 * The matrix of what a docs renderer reads to show a page (issue 28, item 3): a page's
 * document in a revision, a document by id, a page's meta links (current content, revision,
 * change request), a URL as an embed and a computed document, all with view on the space
 * (404 for who cannot see it). The computed document answers 404 to everyone (Quire computes
 * no content), after the same authorization. The embed's URL is a file on 127.0.0.1
 * (`markdown-origin.ts`; the matrix's server allows the host): not a web page, so its card
 * is the URL's own.
 */
import { operations } from '@quire/domain';
import { markdownSource } from '../support/markdown-origin';
import { byItemRole, type Expected } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const SPACE = '/v1/spaces/:spaceId';
const REVISION = `${SPACE}/revisions/:revisionId`;
const CHANGE_REQUEST = `${SPACE}/change-requests/:changeRequestId`;

interface PageFixture {
  spaceId: string;
  revisionId: string;
  changeRequestId: string;
  pageId: string;
  documentId: string;
  reusableContentId: string;
  embedUrl: string;
}

async function buildPage(f: MatrixFixture, spaceId?: string): Promise<PageFixture> {
  spaceId ??= await f.freshSpace();
  const edited = await f.run(operations.spaces.content.update, {
    spaceId,
    changes: [
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Start **here**.' } },
      { operation: 'insert_reusable_content', title: 'Warning', document: { markdown: 'Back up first.' } },
    ],
  });
  const [page, content] = edited.changes;
  if (page?.object !== 'created_page') throw new Error('the edit made no page');
  if (content?.object !== 'created_reusable_content') throw new Error('the edit made no reusable content');
  const { document } = (await f.read(operations.spaces.content.reusableContents.get, {
    spaceId,
    reusableContentId: content.reusableContent,
  })) as { document?: string };
  if (!document) throw new Error('the reusable content has no document');
  const changeRequest = await f.run(operations.changeRequests.create, { spaceId, subject: 'Edit' });
  return {
    spaceId,
    revisionId: edited.revision,
    changeRequestId: changeRequest.id,
    pageId: page.page.id,
    documentId: document,
    reusableContentId: content.reusableContent,
    embedUrl: (await markdownSource()).url,
  };
}

const built = new WeakMap<MatrixFixture, Promise<PageFixture>>();
function pageFixture(f: MatrixFixture): Promise<PageFixture> {
  let page = built.get(f);
  if (!page) {
    page = buildPage(f);
    built.set(f, page);
  }
  return page;
}

/**
 * The same content in the space of the site the `siteToken` caller visits, and a change
 * request editing its reusable content: what the visitor may read there (live content only).
 */
interface VisitedFixture extends PageFixture {
  /** The reusable content's document as the change request has it. */
  changeRequestDocumentId: string;
}

const visitedBuilt = new WeakMap<MatrixFixture, Promise<VisitedFixture>>();
function visitedPage(f: MatrixFixture): Promise<VisitedFixture> {
  let page = visitedBuilt.get(f);
  if (!page) {
    page = (async () => {
      const built = await buildPage(f, f.visited.spaceId);
      const id = built.reusableContentId;
      await f.run(operations.changeRequests.content.update, {
        spaceId: built.spaceId,
        changeRequestId: built.changeRequestId,
        changes: [
          { operation: 'update_reusable_content', reusableContent: id, document: { markdown: 'Edited.' } },
        ],
      });
      const edited = (await f.read(operations.spaces.content.reusableContents.get, {
        spaceId: built.spaceId,
        changeRequestId: built.changeRequestId,
        reusableContentId: id,
      })) as { document?: string };
      if (!edited.document) throw new Error('the edited reusable content has no document');
      return { ...built, changeRequestDocumentId: edited.document };
    })();
    visitedBuilt.set(f, page);
  }
  return page;
}

/** A read on the visited site's space: roles give what they give on any item, the site token reads it. */
const visitedCase = (
  route: string,
  input: (page: VisitedFixture) => Record<string, unknown>,
  siteToken: number,
  rule: string,
  expected: Expected = byItemRole('read', 200),
): MatrixCase =>
  matrixCase({
    route,
    title: `the site token's space: ${rule}`,
    prepare: visitedPage,
    input: (_f, page: VisitedFixture) => input(page),
    expected,
    siteToken,
    rule,
  });

const viewCase = (
  route: string,
  input: (page: PageFixture) => Record<string, unknown>,
  expected: Expected = byItemRole('read', 200),
): MatrixCase =>
  matrixCase({
    route,
    prepare: pageFixture,
    input: (_f, page: PageFixture) => input(page),
    expected,
  });

const onePage = (p: PageFixture) => ({ spaceId: p.spaceId, pageId: p.pageId });

/** 404 for everyone who may view the space too: no content is computed in Quire. */
const computedExpected = (): Expected => {
  const expected = { ...byItemRole('read', 200) };
  for (const [kind, status] of Object.entries(expected))
    if (status === 200) expected[kind as keyof Expected] = 404;
  return expected;
};

export const pageDocumentCases: MatrixCase[] = [
  visitedCase(
    `GET ${REVISION}/page/:pageId/document`,
    (p) => ({ ...onePage(p), revisionId: p.revisionId, evaluated: 'deterministic-only' }),
    200,
    'a page of the space the site shows its visitor',
  ),
  visitedCase(
    `GET ${SPACE}/documents/:documentId`,
    (p) => ({ spaceId: p.spaceId, documentId: p.documentId }),
    200,
    'a document of the live content of the space the site shows',
  ),
  visitedCase(
    `GET ${SPACE}/documents/:documentId`,
    (p) => ({ spaceId: p.spaceId, documentId: p.changeRequestDocumentId }),
    404,
    "a document only a change request holds: members read it, a site's visitor reads live content only",
  ),
  visitedCase(`GET ${SPACE}/content/page/:pageId/meta-links`, onePage, 200, 'a page the site shows'),
  visitedCase(
    `GET ${SPACE}/embed`,
    (p) => ({ spaceId: p.spaceId, url: p.embedUrl }),
    200,
    'an embed in a page the site shows',
  ),
  visitedCase(
    `POST ${SPACE}/content/computed/document`,
    (p) => ({ spaceId: p.spaceId, source: { type: 'builtin:openapi' }, seed: 's' }),
    404,
    'no content is computed in Quire',
    computedExpected(),
  ),
  viewCase(`GET ${REVISION}/page/:pageId/document`, (p) => ({
    ...onePage(p),
    revisionId: p.revisionId,
    evaluated: 'deterministic-only',
    dereferenced: 'reusable-contents',
  })),
  viewCase(`GET ${SPACE}/documents/:documentId`, (p) => ({ spaceId: p.spaceId, documentId: p.documentId })),
  viewCase(`GET ${SPACE}/content/page/:pageId/meta-links`, onePage),
  viewCase(`GET ${REVISION}/page/:pageId/meta-links`, (p) => ({ ...onePage(p), revisionId: p.revisionId })),
  viewCase(`GET ${CHANGE_REQUEST}/content/page/:pageId/meta-links`, (p) => ({
    ...onePage(p),
    changeRequestId: p.changeRequestId,
  })),
  viewCase(`GET ${SPACE}/embed`, (p) => ({ spaceId: p.spaceId, url: p.embedUrl })),
  viewCase(
    `POST ${SPACE}/content/computed/document`,
    (p) => ({ spaceId: p.spaceId, source: { type: 'builtin:openapi', props: { doc: 'models' } }, seed: 's' }),
    computedExpected(),
  ),
];
