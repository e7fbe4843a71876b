/**
 * The organization-deletion area's route (a Quire extension: GitBook 0.202.0 deletes no
 * organization): `DELETE /v1/orgs/{organizationId}` answers 202 with the purge's job.
 */
import { organizationDeletionOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { orgs } = organizationDeletionOperations;

export const organizationDeletionRoutes: readonly RestRoute[] = [
  route('DELETE', '/v1/orgs/:organizationId', orgs.delete, 202),
];
