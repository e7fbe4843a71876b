/** The permissions screen of a space: who holds which role on it. */
import { createLazyRoute } from '@tanstack/react-router';
import { SpacePermissions } from '../spaces/space-permissions';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/permissions')({
  component: SpacePermissionsScreen,
});

function SpacePermissionsScreen() {
  const { organizationId, spaceId } = Route.useParams();
  return (
    <main id="main" className="page-main">
      <h1>Permissions</h1>
      <SpacePermissions organizationId={organizationId} spaceId={spaceId} />
    </main>
  );
}
