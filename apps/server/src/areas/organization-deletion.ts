/** How the organization-deletion area is served: its route; its operation is documented under the Organizations tag (`orgs`). */
import { organizationDeletionRoutes } from '../faces/rest/routes/organization-deletion';
import { defineServerArea } from './server-area';

export const organizationDeletionServing = defineServerArea({
  key: 'organization-deletion',
  routes: organizationDeletionRoutes,
  tags: [],
});
