/**
 * The matrix of a space's reusable contents (issue 27, item 3): the list, one by id and its
 * document, on the current content, a revision and a change request, all need view on the
 * space (404 for who cannot see it). Writing them is the content batch's
 * (`POST SPACE/content`, whose rule is edit): the case here writes a reusable content and a
 * variable through it.
 */
import { operations } from '@quire/domain';
import { byItemRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const SPACE = '/v1/spaces/:spaceId';
const REVISION = `${SPACE}/revisions/:revisionId`;
const CHANGE_REQUEST = `${SPACE}/change-requests/:changeRequestId`;

interface ReusableContentFixture {
  spaceId: string;
  revisionId: string;
  changeRequestId: string;
  reusableContentId: string;
}

async function buildReusableContent(f: MatrixFixture): Promise<ReusableContentFixture> {
  const spaceId = await f.freshSpace();
  const edited = await f.run(operations.spaces.content.update, {
    spaceId,
    changes: [
      { operation: 'insert_reusable_content', title: 'Warning', document: { markdown: 'Back up first.' } },
      { operation: 'update_variables', variables: { version: '2.1' } },
    ],
  });
  const created = edited.changes[0];
  if (created?.object !== 'created_reusable_content') throw new Error('no reusable content was made');
  const changeRequest = await f.run(operations.changeRequests.create, { spaceId, subject: 'Reuse' });
  return {
    spaceId,
    revisionId: edited.revision,
    changeRequestId: changeRequest.id,
    reusableContentId: created.reusableContent,
  };
}

const built = new WeakMap<MatrixFixture, Promise<ReusableContentFixture>>();
function reusableContent(f: MatrixFixture): Promise<ReusableContentFixture> {
  let content = built.get(f);
  if (!content) {
    content = buildReusableContent(f);
    built.set(f, content);
  }
  return content;
}

const viewCase = (
  route: string,
  input: (content: ReusableContentFixture) => Record<string, unknown>,
): MatrixCase =>
  matrixCase({
    route,
    prepare: reusableContent,
    input: (_f, content: ReusableContentFixture) => input(content),
    expected: byItemRole('read', 200),
  });

const one = (c: ReusableContentFixture) => ({ spaceId: c.spaceId, reusableContentId: c.reusableContentId });

export const reusableContentCases: MatrixCase[] = [
  viewCase(`GET ${SPACE}/content/reusable-contents`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${SPACE}/content/reusable-contents/:reusableContentId`, one),
  viewCase(`GET ${SPACE}/content/reusable-contents/:reusableContentId/document`, (c) => ({
    ...one(c),
    dereferenced: true,
    evaluated: true,
  })),
  viewCase(`GET ${REVISION}/reusable-contents`, (c) => ({ spaceId: c.spaceId, revisionId: c.revisionId })),
  viewCase(`GET ${REVISION}/reusable-contents/:reusableContentId`, (c) => ({
    ...one(c),
    revisionId: c.revisionId,
  })),
  viewCase(`GET ${REVISION}/reusable-contents/:reusableContentId/document`, (c) => ({
    ...one(c),
    revisionId: c.revisionId,
  })),
  viewCase(`GET ${CHANGE_REQUEST}/content/reusable-contents`, (c) => ({
    spaceId: c.spaceId,
    changeRequestId: c.changeRequestId,
  })),
  viewCase(`GET ${CHANGE_REQUEST}/content/reusable-contents/:reusableContentId`, (c) => ({
    ...one(c),
    changeRequestId: c.changeRequestId,
  })),
  viewCase(`GET ${CHANGE_REQUEST}/content/reusable-contents/:reusableContentId/document`, (c) => ({
    ...one(c),
    changeRequestId: c.changeRequestId,
  })),
  matrixCase({
    route: `POST ${SPACE}/content`,
    title: 'writes a reusable content and a variable through the batch',
    input: (f) => ({
      spaceId: f.content.space,
      changes: [
        {
          operation: 'insert_reusable_content',
          title: f.unique('Snippet'),
          document: { markdown: 'Reused.' },
        },
        { operation: 'update_variables', variables: { product: f.unique('Quire') } },
      ],
    }),
    observe: (f) => f.read(operations.spaces.content.get, { spaceId: f.content.space }),
    expected: byItemRole('edit', 200),
  }),
];
