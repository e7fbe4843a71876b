/** A space's files: upload, preview, rename, replace, delete, where used (issue 30, item 4). */
import { createLazyRoute } from '@tanstack/react-router';
import { SpaceFiles } from '../files/space-files';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/files')({
  component: SpaceFilesScreen,
});

function SpaceFilesScreen() {
  const { spaceId } = Route.useParams();
  return (
    <main id="main" className="page-main">
      <h1>Files</h1>
      <SpaceFiles spaceId={spaceId} />
    </main>
  );
}
