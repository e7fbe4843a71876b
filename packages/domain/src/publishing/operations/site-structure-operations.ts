/** The operations on a site's structure: sections, section groups, site spaces and their order. */
import { addSiteSectionToGroup } from './add-section-to-group';
import { createSiteSection } from './create-site-section';
import { createSiteSectionGroup } from './create-site-section-group';
import { createSiteSpace } from './create-site-space';
import { getSiteStructure } from './get-site-structure';
import { listSiteSectionGroups } from './list-site-section-groups';
import { listSiteSections } from './list-site-sections';
import { listSiteSpaces } from './list-site-spaces';
import { moveSiteSection } from './move-site-section';
import { moveSiteSectionGroup } from './move-site-section-group';
import { moveSiteSpace } from './move-site-space';
import { removeSiteSectionFromGroup } from './remove-section-from-group';
import { removeSiteSection } from './remove-site-section';
import { removeSiteSectionGroup } from './remove-site-section-group';
import { deleteSiteSpace } from './remove-site-space';
import { sortSiteStructure } from './sort-site-structure';
import { updateSiteSection } from './update-site-section';
import { updateSiteSectionGroup } from './update-site-section-group';
import { updateSiteSpace } from './update-site-space';

export const siteStructureOperations = {
  sections: {
    list: listSiteSections,
    create: createSiteSection,
    update: updateSiteSection,
    remove: removeSiteSection,
    move: moveSiteSection,
  },
  sectionGroups: {
    list: listSiteSectionGroups,
    create: createSiteSectionGroup,
    update: updateSiteSectionGroup,
    remove: removeSiteSectionGroup,
    move: moveSiteSectionGroup,
    sections: { add: addSiteSectionToGroup, remove: removeSiteSectionFromGroup },
  },
  siteSpaces: {
    list: listSiteSpaces,
    create: createSiteSpace,
    update: updateSiteSpace,
    remove: deleteSiteSpace,
    move: moveSiteSpace,
  },
  structure: { get: getSiteStructure, sort: sortSiteStructure },
};
