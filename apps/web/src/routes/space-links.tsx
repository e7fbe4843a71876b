/** A space's link report: its links, broken ones first, filtered by status. */
import { createLazyRoute } from '@tanstack/react-router';
import { SpaceLinkReport } from '../links/link-report';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/links')({
  component: SpaceLinks,
});

function SpaceLinks() {
  const { organizationId, spaceId } = Route.useParams();
  const { status } = Route.useSearch();
  return (
    <main id="main" className="page-main">
      <h1>Links</h1>
      <SpaceLinkReport organizationId={organizationId} spaceId={spaceId} {...(status ? { status } : {})} />
    </main>
  );
}
