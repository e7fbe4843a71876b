/**
 * Which section and site space a site-relative path names, in the structure a visitor is
 * shown, as published URLs build them (`site-urls.ts`: the default section and the default
 * site space add no segment, the others their path). Pure.
 *
 * 1. A site with sections: the first segment, when it is the path of a shown section, names
 *    it (the default one's path too); otherwise the default section, and no segment is used.
 * 2. Then the site spaces of that section (or of the root): the next segment, when it is a
 *    shown site space's path, names it; otherwise the default site space.
 * 3. What is left is the page's path.
 *
 * `complete`: no level fell back to a default while it had other choices, so no further
 * segment of the URL could still name a section or site space (GitBook's meaning: the
 * renderer trusts a shorter URL's answer only when it is complete).
 */
import type { SiteSectionRecord, SiteSpaceRecord } from '../../records';
import { defaultSectionOf, defaultSiteSpaceOf, orderedSections, type Structure } from '../../site-structure';

export interface SitePathMatch {
  section: SiteSectionRecord | undefined;
  siteSpace: SiteSpaceRecord;
  /** The segments that named the section and the site space. */
  used: string[];
  /** The page's path segments. */
  pagePath: string[];
  complete: boolean;
}

/** The match, or null when the visitor is shown no site space at all. */
export function matchSitePath(structure: Structure, segments: readonly string[]): SitePathMatch | null {
  const used: string[] = [];
  let complete = true;
  let section: SiteSectionRecord | undefined;
  let index = 0;
  if (structure.sections.length > 0) {
    const sections = orderedSectionsOf(structure);
    const named = sections.find((candidate) => candidate.path === segments[index]);
    if (named) {
      section = named;
      used.push(segments[index] as string);
      index++;
    } else {
      section = defaultSectionOf(structure);
      if (sections.length > 1) complete = false;
    }
    if (!section) return null;
  }
  const siteSpaces = section ? section.siteSpaces : structure.siteSpaces;
  const namedSpace =
    segments[index] === undefined
      ? undefined
      : siteSpaces.find((candidate) => candidate.path !== '' && candidate.path === segments[index]);
  let siteSpace: SiteSpaceRecord | undefined;
  if (namedSpace) {
    siteSpace = namedSpace;
    used.push(segments[index] as string);
    index++;
  } else {
    siteSpace = defaultSiteSpaceOf(structure, section);
    if (siteSpaces.length > 1) complete = false;
  }
  if (!siteSpace) return null;
  return { section, siteSpace, used, pagePath: segments.slice(index), complete };
}

const orderedByStructure = new WeakMap<Structure, SiteSectionRecord[]>();

/**
 * `orderedSections`, once per structure when it is frozen (a visit's structure, kept per site
 * version and claims: `visit-structures.ts`), so a renderer's every lookup does not order the
 * same sections again; a structure that may still change is ordered each time.
 */
function orderedSectionsOf(structure: Structure): SiteSectionRecord[] {
  if (!Object.isFrozen(structure)) return orderedSections(structure);
  let sections = orderedByStructure.get(structure);
  if (!sections) {
    sections = orderedSections(structure);
    orderedByStructure.set(structure, sections);
  }
  return sections;
}
