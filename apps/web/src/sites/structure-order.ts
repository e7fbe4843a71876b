/**
 * Reordering a site's structure: where an item lands among its siblings, as the structure
 * sort operation takes it (after the sibling now before it; first, before the one now after
 * it), and the same order applied to the structure at once, while the server confirms.
 * Sorting changes the order of siblings only (GitBook's rule): an item never changes list.
 */
import type { SiteSection, SiteSectionGroup, SiteSpace, SiteStructure } from './site-types';

export type StructureItemType = 'site-space' | 'site-section' | 'site-section-group';

export interface StructureItemRef {
  type: StructureItemType;
  id: string;
}

export interface StructurePosition {
  before?: StructureItemRef;
  after?: StructureItemRef;
}

type StructureEntry = SiteSpace | SiteSection | SiteSectionGroup;

export const refOf = (entry: StructureEntry): StructureItemRef => ({ type: entry.object, id: entry.id });

/** `items` with the one at `from` moved to `to` (the others keep their order). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The position of the item moved from `from` to `to` among `siblings`; null when it stays. */
export function sortPositionOf(
  siblings: readonly StructureItemRef[],
  from: number,
  to: number,
): StructurePosition | null {
  if (from === to || to < 0 || to >= siblings.length || from < 0 || from >= siblings.length) return null;
  const order = moved(siblings, from, to);
  const previous = order[to - 1];
  if (previous) return { after: previous };
  const next = order[to + 1];
  return next ? { before: next } : null;
}

/**
 * The list of siblings an item is in: the top level, the site spaces of a section, or the
 * sections of a group.
 */
export type SiblingList =
  | { kind: 'top' }
  | { kind: 'section'; sectionId: string }
  | { kind: 'group'; groupId: string };

const moveSiteSpacesOf = (section: SiteSection, list: SiblingList, from: number, to: number): SiteSection =>
  list.kind === 'section' && section.id === list.sectionId
    ? { ...section, siteSpaces: moved(section.siteSpaces, from, to) }
    : section;

/** The structure with the move applied to the sibling list `list`. */
export function reorderedStructure(
  structure: SiteStructure,
  list: SiblingList,
  from: number,
  to: number,
): SiteStructure {
  if (structure.type === 'siteSpaces')
    return list.kind === 'top'
      ? { ...structure, structure: moved(structure.structure, from, to) }
      : structure;
  const top = list.kind === 'top' ? moved(structure.structure, from, to) : structure.structure;
  return {
    ...structure,
    structure: top.map((entry) => {
      if (entry.object === 'site-section') return moveSiteSpacesOf(entry, list, from, to);
      const sections =
        list.kind === 'group' && entry.id === list.groupId ? moved(entry.sections, from, to) : entry.sections;
      return { ...entry, sections: sections.map((section) => moveSiteSpacesOf(section, list, from, to)) };
    }),
  };
}
