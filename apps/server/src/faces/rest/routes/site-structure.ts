/** The routes of a site's structure: sections, section groups, site spaces and their order. */
import { publishingOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';
import { SITE } from './sites';

const { sections, sectionGroups, siteSpaces, structure } = publishingOperations.sites;
const SECTION = `${SITE}/sections/:siteSectionId`;
const GROUP = `${SITE}/section-groups/:siteSectionGroupId`;
const SITE_SPACE = `${SITE}/site-spaces/:siteSpaceId`;

export const siteStructureRoutes: readonly RestRoute[] = [
  route('GET', `${SITE}/sections`, sections.list),
  route('POST', `${SITE}/sections`, sections.create, 201),
  route('PATCH', SECTION, sections.update),
  route('DELETE', SECTION, sections.remove),
  route('POST', `${SECTION}/move`, sections.move),
  route('GET', `${SITE}/section-groups`, sectionGroups.list),
  route('POST', `${SITE}/section-groups`, sectionGroups.create, 201),
  route('PATCH', GROUP, sectionGroups.update),
  route('DELETE', GROUP, sectionGroups.remove),
  route('POST', `${GROUP}/move`, sectionGroups.move),
  route('POST', `${GROUP}/sections`, sectionGroups.sections.add),
  route('DELETE', `${GROUP}/sections/:siteSectionId`, sectionGroups.sections.remove),
  route('GET', `${SITE}/site-spaces`, siteSpaces.list),
  route('POST', `${SITE}/site-spaces`, siteSpaces.create, 201),
  route('PATCH', SITE_SPACE, siteSpaces.update),
  route('DELETE', SITE_SPACE, siteSpaces.remove),
  route('POST', `${SITE_SPACE}/move`, siteSpaces.move),
  route('GET', `${SITE}/structure`, structure.get),
  route('PATCH', `${SITE}/structure/sort`, structure.sort),
];
