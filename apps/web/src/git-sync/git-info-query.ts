/**
 * A space's Git Sync settings (`git.info`): null when the space has none (the server's 404),
 * read again every `GIT_POLL_MS` while an import or an export is running, and only then.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiErrorOf } from '../api/api-error';
import type { TrpcClient } from '../api/trpc';
import type { GitSyncRun, GitSyncState } from './git-sync-types';

/** How often the settings are read while a run is going. */
export const GIT_POLL_MS = 1000;

export const gitInfoKey = (spaceId: string) => ['git-sync', 'info', spaceId] as const;

export const isRunGoing = (run: GitSyncRun | undefined): boolean => run?.state === 'running';

export const isSyncGoing = (state: GitSyncState | null | undefined): boolean =>
  isRunGoing(state?.lastImport) || isRunGoing(state?.lastExport);

async function readGitInfo(client: TrpcClient, spaceId: string): Promise<GitSyncState | null> {
  try {
    return await client.git.info.query({ spaceId });
  } catch (error) {
    // No settings yet (or removed): the space is not synchronized, which is no error here.
    if (apiErrorOf(error).status === 404 && apiErrorOf(error).code === 'not_found') return null;
    throw error;
  }
}

export const gitInfoQuery = (client: TrpcClient, spaceId: string) =>
  queryOptions({
    queryKey: gitInfoKey(spaceId),
    queryFn: () => readGitInfo(client, spaceId),
    refetchInterval: (query) => (isSyncGoing(query.state.data) ? GIT_POLL_MS : false),
  });
