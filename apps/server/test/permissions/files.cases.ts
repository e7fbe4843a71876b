/**
 * The matrix of uploading files (Quire's own routes): uploading into a live space, or into a
 * change request, needs edit (a change request's `editContent`); the size limits a client
 * says before an upload need view. A refused upload writes no revision and no file.
 */
import { operations } from '@quire/domain';
import { byItemRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const SPACE = '/v1/spaces/:spaceId';
const CHANGE_REQUEST = `${SPACE}/change-requests/:changeRequestId`;

/** A 1x1 PNG, base64. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const upload = (f: MatrixFixture) => ({
  name: f.unique('logo') + '.png',
  contentType: 'image/png',
  base64: PNG_BASE64,
});

/** The space's files and how many revisions it has (a refused upload writes none). */
const spaceFiles = async (f: MatrixFixture) => ({
  files: await f.read(operations.spaces.content.files.list, { spaceId: f.content.space }),
  revisions: await f.server.services.repos.revisions.countForSpace(f.content.space),
});

const freshChangeRequest = async (f: MatrixFixture) =>
  (await f.run(operations.changeRequests.create, { spaceId: f.content.space, subject: f.unique('CR') })).id;

const changeRequestFiles = async (f: MatrixFixture, changeRequestId: string) => ({
  files: await f.read(operations.spaces.content.files.list, { spaceId: f.content.space, changeRequestId }),
  revision: (await f.server.services.repos.changeRequests.findById(changeRequestId))?.revision,
});

export const fileCases: MatrixCase[] = [
  matrixCase({
    route: `POST ${SPACE}/content/files`,
    input: (f) => ({ spaceId: f.content.space, ...upload(f) }),
    observe: spaceFiles,
    expected: byItemRole('edit', 201),
  }),
  matrixCase({
    route: `POST ${CHANGE_REQUEST}/content/files`,
    prepare: freshChangeRequest,
    input: (f, changeRequestId: string) => ({ spaceId: f.content.space, changeRequestId, ...upload(f) }),
    observe: changeRequestFiles,
    expected: byItemRole('edit', 201),
  }),
  matrixCase({
    route: `GET ${SPACE}/content/file-limits`,
    input: (f) => ({ spaceId: f.content.space }),
    expected: byItemRole('read', 200),
  }),
];
