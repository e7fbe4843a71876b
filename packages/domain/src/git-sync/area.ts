/** The git-sync area: a space's synchronization with a Git repository: imports, exports and settings. */
import { defineArea } from '../core/area-declaration';
import { gitSyncJobHandlers } from './git-sync-jobs';
import { gitSyncOperations } from './operations';

export const gitSyncArea = defineArea({
  key: 'git-sync',
  buildsOn: ['jobs', 'content'],
  operations: gitSyncOperations,
  jobHandlers: gitSyncJobHandlers,
  repositories: ['gitSync'],
  ports: ['gitRepositories'],
});
