/** The search routes: a space's content, and everything the caller can read in an organization. */
import { operations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { spaces } = operations;

export const searchRoutes: readonly RestRoute[] = [
  route('GET', '/v1/spaces/:spaceId/search', spaces.search),
  route('GET', '/v1/orgs/:organizationId/search', spaces.searchInOrganization),
];
