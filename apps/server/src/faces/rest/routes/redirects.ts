/** The redirects area's routes: a site's redirects, changed one by one or in bulk, and the one answering a path. */
import { redirectsOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';
import { SITE } from './sites';

const { redirects } = redirectsOperations.sites;
const REDIRECTS = `${SITE}/redirects`;

export const redirectRoutes: readonly RestRoute[] = [
  route('GET', REDIRECTS, redirects.list),
  route('POST', REDIRECTS, redirects.create, 201),
  route('PUT', REDIRECTS, redirects.upsert),
  route('PATCH', `${REDIRECTS}/:siteRedirectId`, redirects.update),
  {
    ...route('DELETE', `${REDIRECTS}/:siteRedirectId`, redirects.remove),
    // GitBook's statuses: 205 when a redirect was deleted, 204 when there was none.
    bodilessStatus: (output) => ((output as { removed: boolean }).removed ? 205 : 204),
  },
  route('GET', `${SITE}/redirect`, redirects.resolve),
];
