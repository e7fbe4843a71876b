/**
 * The publishing area's site routes: sites themselves and publishing them. The structure of
 * a site (`site-structure.ts`) and who reaches it (`site-access.ts`) have route files of
 * their own.
 */
import { publishingOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { sites } = publishingOperations;
export const SITES = '/v1/orgs/:organizationId/sites';
export const SITE = `${SITES}/:siteId`;

export const siteRoutes: readonly RestRoute[] = [
  route('GET', SITES, sites.list),
  route('POST', SITES, sites.create, 201),
  route('GET', SITE, sites.get),
  route('PATCH', SITE, sites.update),
  route('DELETE', SITE, sites.remove),
  route('POST', `${SITE}/publish`, sites.publish),
  route('POST', `${SITE}/unpublish`, sites.unpublish),
  // A read sent as a POST, as GitBook's: the query and scope are a body.
  { ...route('POST', `${SITE}/search`, sites.search), queryInputs: ['page', 'limit'] },
];
