/**
 * A space's Git Sync settings (`git.settings`): null when the space has none,
 * read again every `GIT_POLL_MS` while an import or an export is running, and only then.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TrpcClient } from '../api/trpc';
import type { GitSyncRun, GitSyncState } from './git-sync-types';

/** How often the settings are read while a run is going. */
export const GIT_POLL_MS = 1000;

export const gitInfoKey = (spaceId: string) => ['git-sync', 'info', spaceId] as const;

export const isRunGoing = (run: GitSyncRun | undefined): boolean => run?.state === 'running';

export const isSyncGoing = (state: GitSyncState | null | undefined): boolean =>
  isRunGoing(state?.lastImport) || isRunGoing(state?.lastExport);

/** The settings, null when the space has none (`git.settings`: no 404 to read as "not synchronized"). */
async function readGitInfo(client: TrpcClient, spaceId: string): Promise<GitSyncState | null> {
  return (await client.git.settings.query({ spaceId })).gitSync;
}

export const gitInfoQuery = (client: TrpcClient, spaceId: string) =>
  queryOptions({
    queryKey: gitInfoKey(spaceId),
    queryFn: () => readGitInfo(client, spaceId),
    refetchInterval: (query) => (isSyncGoing(query.state.data) ? GIT_POLL_MS : false),
  });
