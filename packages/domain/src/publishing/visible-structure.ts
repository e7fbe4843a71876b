/**
 * The part of a site's structure a visitor is shown, from their claims: a section or site
 * space whose condition does not hold for the claims is left out, and so is what it would
 * leave empty — a section with no site space left, a group with no section left. Defaults
 * that were left out fall back to the first visible item (the structure rules' own fallback).
 */
import type { SiteSectionRecord, SiteSpaceRecord } from './records';
import type { ConditionTest } from './site-conditions';
import type { Structure } from './site-structure';

export function visibleStructure(
  structure: Structure,
  tests: ReadonlyMap<string, ConditionTest>,
  claims: unknown,
): Structure {
  const holds = (id: string) => tests.get(id)?.(claims) ?? true;
  const siteSpacesOf = (list: readonly SiteSpaceRecord[]) => list.filter((siteSpace) => holds(siteSpace.id));
  const sections = structure.sections.flatMap((section): SiteSectionRecord[] => {
    if (!holds(section.id)) return [];
    const siteSpaces = siteSpacesOf(section.siteSpaces);
    return siteSpaces.length === 0 ? [] : [{ ...section, siteSpaces }];
  });
  const shown = new Set(sections.map((section) => section.id));
  const groups = structure.groups
    .map((group) => ({ ...group, sectionIds: group.sectionIds.filter((id) => shown.has(id)) }))
    .filter((group) => group.sectionIds.length > 0);
  const shownGroups = new Set(groups.map((group) => group.id));
  return {
    ...structure,
    siteSpaces: siteSpacesOf(structure.siteSpaces),
    sections,
    groups,
    items: structure.items.filter((item) => (item.type === 'section' ? shown : shownGroups).has(item.id)),
  };
}
