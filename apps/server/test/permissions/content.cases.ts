/**
 * The matrix of a space's content routes: every read (the current content, its pages, a
 * page by id or by path, its files, the history, a revision and what it changed, and the
 * same reads in a revision) needs view on the space; editing a live space needs edit.
 * The reads run against one space per fixture with two nested pages, a revision of those
 * edits, and a file (written past the rules: no operation inserts files yet).
 */
import { operations } from '@quire/domain';
import { byItemRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';
import { storeFileInSpace } from '../support/stored-file';

const SPACE = '/v1/spaces/:spaceId';
const REVISION = `${SPACE}/revisions/:revisionId`;

interface SpaceContent {
  spaceId: string;
  /** The revision the page edits made: two pages, no file. */
  editRevision: string;
  /** The revision that added the file: the space's head. */
  fileRevision: string;
  /** The nested page, at `guide/install`. */
  pageId: string;
  pagePath: string;
  fileId: string;
}

async function buildSpaceContent(f: MatrixFixture): Promise<SpaceContent> {
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
  const { fileId, revisionId } = await storeFileInSpace(f.server.services, spaceId, {
    name: 'logo.png',
    contentType: 'image/png',
    bytes: Buffer.from('not really a png'),
  });
  return {
    spaceId,
    editRevision: edited.revision,
    fileRevision: revisionId,
    pageId,
    pagePath: 'guide/install',
    fileId,
  };
}

/** One content space per fixture, shared by every read (queries prepare once per case). */
const built = new WeakMap<MatrixFixture, Promise<SpaceContent>>();
function spaceContent(f: MatrixFixture): Promise<SpaceContent> {
  let content = built.get(f);
  if (!content) {
    content = buildSpaceContent(f);
    built.set(f, content);
  }
  return content;
}

/** A read of the space's content: view on the space, 404 for who cannot see it. */
const viewCase = (route: string, input: (content: SpaceContent) => Record<string, unknown>): MatrixCase =>
  matrixCase({
    route,
    prepare: spaceContent,
    input: (_f, content: SpaceContent) => input(content),
    expected: byItemRole('read', 200),
  });

/** The space's head and its pages, read as the admin: what an edit changes. */
const contentOf = (f: MatrixFixture) => f.read(operations.spaces.content.get, { spaceId: f.content.space });

export const contentCases: MatrixCase[] = [
  viewCase(`GET ${SPACE}/content`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${SPACE}/content/pages`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${SPACE}/content/page/:pageId`, (c) => ({
    spaceId: c.spaceId,
    pageId: c.pageId,
    format: 'markdown',
  })),
  viewCase(`GET ${SPACE}/content/path/:pagePath`, (c) => ({ spaceId: c.spaceId, pagePath: c.pagePath })),
  viewCase(`GET ${SPACE}/content/files`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${SPACE}/content/files/:fileId`, (c) => ({ spaceId: c.spaceId, fileId: c.fileId })),
  viewCase(`GET ${SPACE}/revisions`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${REVISION}`, (c) => ({ spaceId: c.spaceId, revisionId: c.editRevision })),
  viewCase(`GET ${REVISION}/changes`, (c) => ({ spaceId: c.spaceId, revisionId: c.editRevision })),
  viewCase(`GET ${REVISION}/pages`, (c) => ({ spaceId: c.spaceId, revisionId: c.editRevision })),
  viewCase(`GET ${REVISION}/page/:pageId`, (c) => ({
    spaceId: c.spaceId,
    revisionId: c.editRevision,
    pageId: c.pageId,
    format: 'document',
  })),
  viewCase(`GET ${REVISION}/path/:pagePath`, (c) => ({
    spaceId: c.spaceId,
    revisionId: c.editRevision,
    pagePath: c.pagePath,
  })),
  viewCase(`GET ${REVISION}/files`, (c) => ({ spaceId: c.spaceId, revisionId: c.fileRevision })),
  viewCase(`GET ${REVISION}/files/:fileId`, (c) => ({
    spaceId: c.spaceId,
    revisionId: c.fileRevision,
    fileId: c.fileId,
  })),
  matrixCase({
    route: `POST ${SPACE}/content`,
    input: (f) => ({
      spaceId: f.content.space,
      changes: [{ operation: 'insert_page', title: f.unique('Page'), document: { markdown: 'Some text.' } }],
    }),
    observe: contentOf,
    expected: byItemRole('edit', 200),
  }),
];
