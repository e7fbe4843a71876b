/** An organization's API specs (OpenAPI descriptions), and adding one (those who may create them). */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { NewSpecDialog } from '../openapi/new-spec-dialog';
import { SpecsList } from '../openapi/specs-list';
import '../management/management.css';
import '../sites/sites.css';
import '../openapi/openapi.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/openapi')({ component: OrganizationSpecs });

function OrganizationSpecs() {
  const { organizationId } = Route.useParams();
  const trpc = useTRPC();
  const organization = useQuery(trpc.orgs.get.queryOptions({ organizationId }));
  const canCreate = organization.data?.permissions.createOpenAPISpec ?? false;
  return (
    <main id="main" className="page-main narrow">
      <div className="heading-row">
        <h1>API specs</h1>
        <div className="heading-actions">
          {canCreate && <NewSpecDialog organizationId={organizationId} />}
        </div>
      </div>
      <SpecsList organizationId={organizationId} canCreate={canCreate} />
    </main>
  );
}
