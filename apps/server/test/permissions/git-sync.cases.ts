/**
 * The matrix of a space's Git Sync routes: reading its settings needs view; importing and
 * exporting need `triggerGitSync` (edit), an import also an unlocked space (409 to whoever
 * passes the rules); deleting the installation needs admin. The repository is an http URL
 * on 127.0.0.1 where nothing listens: an allowed request answers 204 at once and its job
 * fails later, which the matrix does not wait for. Writes are observed on the stored Git
 * settings (what an import or export records first).
 */
import { operations } from '@quire/domain';
import { byItemRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const GIT = '/v1/spaces/:spaceId/git';
const REPOSITORY = 'http://127.0.0.1:9/docs.git';

/** A fresh space whose Git settings exist (an export recorded them). */
async function syncedSpace(f: MatrixFixture): Promise<string> {
  const spaceId = await f.freshSpace();
  await f.run(operations.git.export, {
    spaceId,
    url: REPOSITORY,
    ref: 'refs/heads/main',
    commitMessage: 'First export',
  });
  return spaceId;
}

const lockedSpace = async (f: MatrixFixture) => {
  const spaceId = await f.freshSpace();
  await f.run(operations.spaces.update, { spaceId, editMode: 'locked' });
  return spaceId;
};

/** The stored Git settings, read past the rules. */
const settingsOf = (f: MatrixFixture, spaceId: string) =>
  f.server.services.repos.gitSync.findBySpace(spaceId);

export const gitSyncCases: MatrixCase[] = [
  matrixCase({
    route: `POST ${GIT}/import`,
    prepare: (f) => f.freshSpace(),
    input: (_f, spaceId: string) => ({ spaceId, url: REPOSITORY, ref: 'refs/heads/main' }),
    observe: settingsOf,
    expected: byItemRole('edit', 204),
    rule: 'importing rewrites the content: edit on the space (triggerGitSync)',
  }),
  matrixCase({
    route: `POST ${GIT}/import`,
    title: 'a locked space',
    prepare: lockedSpace,
    input: (_f, spaceId: string) => ({ spaceId, url: REPOSITORY, ref: 'refs/heads/main' }),
    observe: settingsOf,
    expected: byItemRole('edit', 409),
  }),
  matrixCase({
    route: `POST ${GIT}/export`,
    prepare: (f) => f.freshSpace(),
    input: (_f, spaceId: string) => ({
      spaceId,
      url: REPOSITORY,
      ref: 'refs/heads/main',
      commitMessage: 'Export',
    }),
    observe: settingsOf,
    expected: byItemRole('edit', 204),
    rule: 'exporting needs the same right as importing (triggerGitSync)',
  }),
  matrixCase({
    route: `GET ${GIT}/info`,
    prepare: syncedSpace,
    input: (_f, spaceId: string) => ({ spaceId }),
    expected: byItemRole('read', 200),
    rule: 'whoever views the space sees its Git settings (never credentials)',
  }),
  matrixCase({
    route: `GET ${GIT}/settings`,
    prepare: syncedSpace,
    input: (_f, spaceId: string) => ({ spaceId }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: `DELETE ${GIT}/legacy-installation`,
    prepare: syncedSpace,
    input: (_f, spaceId: string) => ({ spaceId }),
    observe: settingsOf,
    expected: byItemRole('admin', 205),
    rule: 'removing the installation is the space admins’ call',
  }),
];
