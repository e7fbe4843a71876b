/** The routes of a site's customization and of its site spaces' overrides (GitBook's `site-customization`). */
import { publishingOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';
import { SITE } from './sites';

const { customization } = publishingOperations.sites;
const SITE_SPACE_CUSTOMIZATION = `${SITE}/site-spaces/:siteSpaceId/customization`;

export const siteCustomizationRoutes: readonly RestRoute[] = [
  route('GET', `${SITE}/customization`, customization.get),
  route('PUT', `${SITE}/customization`, customization.update),
  route('GET', SITE_SPACE_CUSTOMIZATION, customization.siteSpaces.get),
  route('PATCH', SITE_SPACE_CUSTOMIZATION, customization.siteSpaces.override),
  {
    ...route('DELETE', SITE_SPACE_CUSTOMIZATION, customization.siteSpaces.remove),
    // GitBook's statuses: 205 when overrides were removed, 204 when there were none.
    bodilessStatus: (output) => ((output as { removed: boolean }).removed ? 205 : 204),
  },
];
