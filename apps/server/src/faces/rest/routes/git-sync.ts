/** The Git Sync area's routes: a space's imports from and exports to a Git repository. */
import { gitSyncOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { git } = gitSyncOperations;
const GIT = '/v1/spaces/:spaceId/git';

export const gitSyncRoutes: readonly RestRoute[] = [
  route('POST', `${GIT}/import`, git.import),
  route('POST', `${GIT}/export`, git.export),
  route('GET', `${GIT}/info`, git.info),
  route('GET', `${GIT}/settings`, git.settings),
  {
    ...route('DELETE', `${GIT}/legacy-installation`, git.removeInstallation),
    bodilessStatus: (output) => ((output as { removed: boolean }).removed ? 205 : 204),
  },
];
