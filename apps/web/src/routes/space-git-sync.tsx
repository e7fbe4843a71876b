/** A space's Git Sync: its Git settings, its last import and export, and importing or exporting now. */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { GitSyncPanel } from '../git-sync/git-sync-panel';
import '../management/management.css';
import '../git-sync/git-sync.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/git')({
  component: SpaceGitSync,
});

function SpaceGitSync() {
  const { organizationId, spaceId } = Route.useParams();
  const trpc = useTRPC();
  const space = useQuery(trpc.spaces.get.queryOptions({ spaceId }));
  const permissions = space.data?.permissions;
  return (
    <main id="main" className="page-main">
      <h1>Git Sync</h1>
      <GitSyncPanel
        organizationId={organizationId}
        spaceId={spaceId}
        canSync={permissions?.triggerGitSync ?? false}
        canRemove={permissions?.admin ?? false}
      />
    </main>
  );
}
