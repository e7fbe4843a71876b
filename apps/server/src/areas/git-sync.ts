/** How the git-sync area is served: its routes, its documentation tags and the adapters of its ports. */
import { gitSyncRoutes } from '../faces/rest/routes/git-sync';
import { GitRepositoriesOnDemand } from '../git-sync/git-repositories-on-demand';
import { defineServerArea } from './server-area';

export const gitSyncServing = defineServerArea({
  key: 'git-sync',
  routes: gitSyncRoutes,
  tags: [
    {
      name: 'Git Sync',
      group: 'services',
      prefixes: ['git'],
      description:
        "A space's synchronization with a Git repository (GitBook's Git Sync): imports and exports run as jobs " +
        'and answer at once; the settings and how the last import and export went are in its Git info.',
    },
  ],
  ports: ({ config, blobs, jobThreads }) => ({
    gitRepositories: new GitRepositoriesOnDemand(
      blobs,
      { maxFileBytes: config.files.maxFetchedBytes, ...config.git },
      { allowHosts: config.fetchAllowHosts, allowFile: config.gitAllowFile },
      jobThreads,
    ),
  }),
});
