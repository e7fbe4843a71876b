/** An organization's sites, and making one (admins). */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { NewSiteDialog } from '../sites/new-site-dialog';
import { SitesList } from '../sites/sites-list';
import '../management/management.css';
import '../sites/sites.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/sites')({ component: OrganizationSites });

function OrganizationSites() {
  const { organizationId } = Route.useParams();
  const trpc = useTRPC();
  const organization = useQuery(trpc.orgs.get.queryOptions({ organizationId }));
  const canCreate = organization.data?.permissions.admin ?? false;
  return (
    <main id="main" className="page-main narrow">
      <div className="heading-row">
        <h1>Sites</h1>
        <div className="heading-actions">
          {canCreate && <NewSiteDialog organizationId={organizationId} />}
        </div>
      </div>
      <SitesList organizationId={organizationId} canCreate={canCreate} />
    </main>
  );
}
