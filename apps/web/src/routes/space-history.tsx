/** The history screen of a space: its revisions and what each changed. */
import { createLazyRoute } from '@tanstack/react-router';
import { SpaceHistory } from '../spaces/space-history';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/history')({
  component: SpaceHistoryScreen,
});

function SpaceHistoryScreen() {
  const { organizationId, spaceId } = Route.useParams();
  return (
    <main id="main" className="page-main">
      <h1>History</h1>
      <SpaceHistory organizationId={organizationId} spaceId={spaceId} />
    </main>
  );
}
