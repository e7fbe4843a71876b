/**
 * A space's Git Sync: what it is synchronized with, how the last import and export went
 * (read again every second while one is running), the settings and buttons to import and
 * export now (those who may trigger a Git sync), and removing it (the space's admins); or,
 * when the space has no Git settings, why there is nothing to show.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPCClient } from '../api/trpc';
import { Empty, QueryState } from '../ui/states';
import { gitInfoQuery, isRunGoing, isSyncGoing } from './git-info-query';
import { GitSyncForm } from './git-sync-form';
import { GitSyncSummary } from './git-sync-summary';
import { LastRun } from './last-run';
import { RemoveGitSync } from './remove-git-sync';
import { useImportEnded } from './use-import-ended';

export function GitSyncPanel({
  organizationId,
  spaceId,
  canSync,
  canRemove,
}: {
  organizationId: string;
  spaceId: string;
  canSync: boolean;
  canRemove: boolean;
}) {
  const client = useTRPCClient();
  const info = useQuery(gitInfoQuery(client, spaceId));
  const headingId = useId();
  useImportEnded(spaceId, isRunGoing(info.data?.lastImport));
  return (
    <QueryState query={info} loading="Loading the Git settings…">
      {(state) => (
        <>
          {state === null ? (
            <Empty title="This space is not synchronized with a Git repository">
              <p className="muted">
                Git Sync keeps the space's pages as Markdown files in a repository.{' '}
                {canSync
                  ? 'Import a repository, or export the space to one, below.'
                  : 'Editors of the space set it up.'}
              </p>
            </Empty>
          ) : (
            <section className="management-section git-sync-state" aria-labelledby={headingId}>
              <h2 id={headingId}>Synchronized with</h2>
              <GitSyncSummary info={state} />
              <div className="git-runs">
                <LastRun
                  organizationId={organizationId}
                  spaceId={spaceId}
                  title="Last import"
                  run={state.lastImport}
                />
                <LastRun
                  organizationId={organizationId}
                  spaceId={spaceId}
                  title="Last export"
                  run={state.lastExport}
                />
              </div>
              {canRemove && <RemoveGitSync spaceId={spaceId} />}
            </section>
          )}
          {canSync && (
            <section className="management-section">
              <GitSyncForm spaceId={spaceId} info={state} going={isSyncGoing(state)} />
            </section>
          )}
        </>
      )}
    </QueryState>
  );
}
