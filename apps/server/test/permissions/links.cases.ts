/**
 * The matrix of the link routes: the link report of a space and of a change request, the
 * links of a page, and the pages linking to a file, each on both mounts. All are reads of
 * the space's content: view on the space, 404 for who cannot see it. They run against one
 * space per fixture with a page holding a link and an image, a file, and a change request.
 */
import { operations } from '@quire/domain';
import { byItemRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';
import { storeFileInSpace } from '../support/stored-file';

const SPACE = '/v1/spaces/:spaceId';
const CHANGE_REQUEST = `${SPACE}/change-requests/:changeRequestId`;

interface LinkedContent {
  spaceId: string;
  pageId: string;
  fileId: string;
  changeRequestId: string;
}

async function buildLinkedContent(f: MatrixFixture): Promise<LinkedContent> {
  const spaceId = await f.freshSpace();
  const { fileId } = await storeFileInSpace(f.server.services, spaceId, {
    name: 'logo.png',
    contentType: 'image/png',
    bytes: Buffer.from('not really a png'),
  });
  const edited = await f.run(operations.spaces.content.update, {
    spaceId,
    changes: [
      {
        operation: 'insert_page',
        title: 'Guide',
        document: { markdown: `See [missing](./missing.md) and ![logo](/files/${fileId}).` },
      },
    ],
  });
  const created = edited.changes[0];
  if (created?.object !== 'created_page') throw new Error('the edit made no page');
  const changeRequest = await f.run(operations.changeRequests.create, { spaceId, subject: f.unique('CR') });
  return { spaceId, pageId: created.page.id, fileId, changeRequestId: changeRequest.id };
}

/** One linked space per fixture, shared by every read (queries prepare once per case). */
const built = new WeakMap<MatrixFixture, Promise<LinkedContent>>();
function linkedContent(f: MatrixFixture): Promise<LinkedContent> {
  let content = built.get(f);
  if (!content) {
    content = buildLinkedContent(f);
    built.set(f, content);
  }
  return content;
}

const viewCase = (route: string, input: (content: LinkedContent) => Record<string, unknown>): MatrixCase =>
  matrixCase({
    route,
    prepare: linkedContent,
    input: (_f, content: LinkedContent) => input(content),
    expected: byItemRole('read', 200),
  });

export const linkCases: MatrixCase[] = [
  viewCase(`GET ${SPACE}/links`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${CHANGE_REQUEST}/links`, (c) => ({
    spaceId: c.spaceId,
    changeRequestId: c.changeRequestId,
  })),
  viewCase(`GET ${SPACE}/content/page/:pageId/links`, (c) => ({ spaceId: c.spaceId, pageId: c.pageId })),
  viewCase(`GET ${CHANGE_REQUEST}/content/page/:pageId/links`, (c) => ({
    spaceId: c.spaceId,
    changeRequestId: c.changeRequestId,
    pageId: c.pageId,
  })),
  viewCase(`GET ${SPACE}/content/files/:fileId/backlinks`, (c) => ({ spaceId: c.spaceId, fileId: c.fileId })),
  viewCase(`GET ${CHANGE_REQUEST}/content/files/:fileId/backlinks`, (c) => ({
    spaceId: c.spaceId,
    changeRequestId: c.changeRequestId,
    fileId: c.fileId,
  })),
];
