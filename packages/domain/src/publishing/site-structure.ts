/**
 * The rules of a site's structure, as pure functions from a structure to the next one (or a
 * DomainError). Operations load the site, apply one of these, and replace it atomically.
 *
 * 1. A site either has sections (each holding its site spaces) or site spaces at its root,
 *    never both: the first section created takes the root site spaces into a section of their
 *    own, named after the site, placed first.
 * 2. The first section becomes the default section; deleting the default makes the first
 *    remaining one the default. The same holds for the default site space of a section (and
 *    of the root).
 * 3. Section paths are unique within the site; site space paths within their section (or
 *    the root). A path given by a caller that is taken is a 409 naming the field; a path
 *    made from a title takes the next free suffix.
 * 4. Each section is in at most one group; grouping a section takes it out of the top level
 *    (or its former group), ungrouping puts it back at the top level, after the group.
 * 5. Reordering moves an item among its siblings only (the top level, the sections of a
 *    group, the site spaces of a section or of the root): naming a sibling from another
 *    level is an invalid position.
 */
import { DomainError, invalidInput, notFound } from '../core/errors';
import { type AdaptiveSchema, compileCondition } from './conditions';
import type {
  SiteSectionGroupRecord,
  SiteSectionRecord,
  SiteSpaceRecord,
  SiteStructureRecord,
  SiteTopItem,
} from './records';
import { slugOf, uniquePath } from './site-paths';

export type Structure = SiteStructureRecord;

export const emptyStructure = (): Structure => ({ sections: [], groups: [], items: [], siteSpaces: [] });

/** Where a site space lives: in a section, or at the root (section undefined). */
export interface LocatedSiteSpace {
  siteSpace: SiteSpaceRecord;
  section: SiteSectionRecord | undefined;
}

export function locatedSiteSpaces(structure: Structure): LocatedSiteSpace[] {
  return [
    ...structure.siteSpaces.map((siteSpace) => ({ siteSpace, section: undefined })),
    ...orderedSections(structure).flatMap((section) =>
      section.siteSpaces.map((siteSpace) => ({ siteSpace, section })),
    ),
  ];
}

/** The sections in the order visitors see them: the top level, each group's sections in place. */
export function orderedSections(structure: Structure): SiteSectionRecord[] {
  const byId = new Map(structure.sections.map((section) => [section.id, section]));
  const groups = new Map(structure.groups.map((group) => [group.id, group]));
  return structure.items.flatMap((item) => {
    const ids = item.type === 'section' ? [item.id] : (groups.get(item.id)?.sectionIds ?? []);
    return ids.flatMap((id) => byId.get(id) ?? []);
  });
}

export function findSection(structure: Structure, sectionId: string): SiteSectionRecord {
  const section = structure.sections.find((candidate) => candidate.id === sectionId);
  if (!section) throw notFound('Site section');
  return section;
}

export function findGroup(structure: Structure, groupId: string): SiteSectionGroupRecord {
  const group = structure.groups.find((candidate) => candidate.id === groupId);
  if (!group) throw notFound('Site section group');
  return group;
}

export const locateSiteSpace = (structure: Structure, siteSpaceId: string): LocatedSiteSpace | undefined =>
  locatedSiteSpaces(structure).find(({ siteSpace }) => siteSpace.id === siteSpaceId);

export function findSiteSpace(structure: Structure, siteSpaceId: string): LocatedSiteSpace {
  const found = locateSiteSpace(structure, siteSpaceId);
  if (!found) throw notFound('Site space');
  return found;
}

export const groupOfSection = (structure: Structure, sectionId: string): SiteSectionGroupRecord | undefined =>
  structure.groups.find((group) => group.sectionIds.includes(sectionId));

export const spaceIdsOf = (structure: Structure): string[] => [
  ...new Set(locatedSiteSpaces(structure).map(({ siteSpace }) => siteSpace.spaceId)),
];

/** The default section: the one set, else the first in order (rule 2). */
export function defaultSectionOf(structure: Structure): SiteSectionRecord | undefined {
  const sections = orderedSections(structure);
  return sections.find((section) => section.id === structure.defaultSectionId) ?? sections[0];
}

/** The default site space of a section, or of the root when `section` is undefined (rule 2). */
export function defaultSiteSpaceOf(
  structure: Structure,
  section: SiteSectionRecord | undefined,
): SiteSpaceRecord | undefined {
  const siteSpaces = section ? section.siteSpaces : structure.siteSpaces;
  const defaultId = section ? section.defaultSiteSpaceId : structure.defaultSiteSpaceId;
  return siteSpaces.find((siteSpace) => siteSpace.id === defaultId) ?? siteSpaces[0];
}

/** The site space a visitor lands on: the default of the default section (or of the root). */
export function siteDefaultOf(structure: Structure): SiteSpaceRecord | undefined {
  const section = structure.sections.length === 0 ? undefined : defaultSectionOf(structure);
  return defaultSiteSpaceOf(structure, section);
}

/** Whether a site space is the one a visitor lands on: the default of the default section (or of the root). */
export function isSiteDefault(structure: Structure, located: LocatedSiteSpace): boolean {
  const section = structure.sections.length === 0 ? undefined : defaultSectionOf(structure);
  if (located.section?.id !== section?.id) return false;
  return defaultSiteSpaceOf(structure, section)?.id === located.siteSpace.id;
}

const pathTaken = (field: string, path: string): DomainError =>
  new DomainError('conflict', `${field}: the path "${path}" is already used`, {
    issues: [{ field, message: `the path "${path}" is already used` }],
  });

/** Checks a path a caller chose (rule 3). */
function assertFreePath(taken: Iterable<string>, path: string, field: string): void {
  for (const used of taken) if (used === path) throw pathTaken(field, path);
}

const sectionPaths = (structure: Structure, except?: string) =>
  structure.sections.filter((section) => section.id !== except).map((section) => section.path);

const siteSpacePaths = (siteSpaces: readonly SiteSpaceRecord[], except?: string) =>
  siteSpaces.filter((siteSpace) => siteSpace.id !== except).map((siteSpace) => siteSpace.path);

/** A site space for a space, its path made from the space's title (rule 3). */
export function newSiteSpace(
  id: string,
  space: { id: string; title: string },
  siblings: readonly SiteSpaceRecord[],
): SiteSpaceRecord {
  return {
    id,
    spaceId: space.id,
    path: uniquePath(slugOf(space.title, 'space'), new Set(siteSpacePaths(siblings))),
  };
}

/** Adds a site space to a section, or to the root when the site has no section. */
export function addSiteSpace(
  structure: Structure,
  sectionId: string | undefined,
  make: (siblings: readonly SiteSpaceRecord[]) => SiteSpaceRecord,
): { structure: Structure; siteSpace: SiteSpaceRecord } {
  if (sectionId === undefined && structure.sections.length === 0) {
    const siteSpace = make(structure.siteSpaces);
    return { structure: { ...structure, siteSpaces: [...structure.siteSpaces, siteSpace] }, siteSpace };
  }
  const section = sectionId === undefined ? defaultSectionOf(structure) : findSection(structure, sectionId);
  if (!section) throw notFound('Site section');
  const siteSpace = make(section.siteSpaces);
  return {
    structure: replaceSection(structure, { ...section, siteSpaces: [...section.siteSpaces, siteSpace] }),
    siteSpace,
  };
}

export function replaceSection(structure: Structure, section: SiteSectionRecord): Structure {
  return {
    ...structure,
    sections: structure.sections.map((candidate) => (candidate.id === section.id ? section : candidate)),
  };
}

/** Applies `change` to the site space wherever it lives. */
export function replaceSiteSpace(structure: Structure, siteSpace: SiteSpaceRecord): Structure {
  const swap = (list: SiteSpaceRecord[]) =>
    list.map((candidate) => (candidate.id === siteSpace.id ? siteSpace : candidate));
  return {
    ...structure,
    siteSpaces: swap(structure.siteSpaces),
    sections: structure.sections.map((section) => ({ ...section, siteSpaces: swap(section.siteSpaces) })),
  };
}

/** Sets a site space's path, unique among its siblings (rule 3). */
export function withSiteSpacePath(
  structure: Structure,
  located: LocatedSiteSpace,
  path: string,
): SiteSpaceRecord {
  const siblings = located.section ? located.section.siteSpaces : structure.siteSpaces;
  assertFreePath(siteSpacePaths(siblings, located.siteSpace.id), path, 'path');
  return { ...located.siteSpace, path };
}

export function removeSiteSpace(structure: Structure, siteSpaceId: string): Structure {
  const drop = (list: SiteSpaceRecord[]) => list.filter((siteSpace) => siteSpace.id !== siteSpaceId);
  const next: Structure = {
    ...structure,
    siteSpaces: drop(structure.siteSpaces),
    sections: structure.sections.map((section) => {
      const siteSpaces = drop(section.siteSpaces);
      const { defaultSiteSpaceId, ...rest } = section;
      return defaultSiteSpaceId === siteSpaceId ? { ...rest, siteSpaces } : { ...section, siteSpaces };
    }),
  };
  if (next.defaultSiteSpaceId === siteSpaceId) delete next.defaultSiteSpaceId;
  return next;
}

/**
 * Adds a section at the end of the top level (rule 1: the root site spaces first go into a
 * section of their own, named after the site).
 */
export function addSection(
  structure: Structure,
  fields: { id: string; title: string; icon?: string | undefined; siteSpace: SiteSpaceRecord },
  siteTitle: string,
  newId: () => string,
): { structure: Structure; section: SiteSectionRecord } {
  let next = structure;
  if (structure.sections.length === 0 && structure.siteSpaces.length > 0) {
    const { defaultSiteSpaceId, ...rest } = structure;
    const wrapper: SiteSectionRecord = {
      id: newId(),
      title: siteTitle,
      path: slugOf(siteTitle, 'section'),
      siteSpaces: structure.siteSpaces,
      ...(defaultSiteSpaceId === undefined ? {} : { defaultSiteSpaceId }),
    };
    next = { ...rest, siteSpaces: [], sections: [wrapper], items: [{ type: 'section', id: wrapper.id }] };
  }
  const section: SiteSectionRecord = {
    id: fields.id,
    title: fields.title,
    path: uniquePath(slugOf(fields.title, 'section'), new Set(sectionPaths(next))),
    ...(fields.icon === undefined ? {} : { icon: fields.icon }),
    siteSpaces: [fields.siteSpace],
  };
  return {
    structure: {
      ...next,
      sections: [...next.sections, section],
      items: [...next.items, { type: 'section', id: section.id }],
    },
    section,
  };
}

/** Sets a section's path, unique within the site (rule 3). */
export function assertSectionPathFree(structure: Structure, sectionId: string, path: string): void {
  assertFreePath(sectionPaths(structure, sectionId), path, 'path');
}

export function removeSection(structure: Structure, sectionId: string): Structure {
  const next: Structure = {
    ...structure,
    sections: structure.sections.filter((section) => section.id !== sectionId),
    items: structure.items.filter((item) => !(item.type === 'section' && item.id === sectionId)),
    groups: structure.groups.map((group) => ({
      ...group,
      sectionIds: group.sectionIds.filter((id) => id !== sectionId),
    })),
  };
  if (next.defaultSectionId === sectionId) delete next.defaultSectionId;
  return next;
}

/** Takes sections out of wherever they are (top level or a group). */
function detachSections(structure: Structure, sectionIds: readonly string[]): Structure {
  const moving = new Set(sectionIds);
  return {
    ...structure,
    items: structure.items.filter((item) => !(item.type === 'section' && moving.has(item.id))),
    groups: structure.groups.map((group) => ({
      ...group,
      sectionIds: group.sectionIds.filter((id) => !moving.has(id)),
    })),
  };
}

/** A new group at the end of the top level, holding `sectionIds` in that order (rule 4). */
export function addGroup(structure: Structure, group: SiteSectionGroupRecord): Structure {
  for (const id of group.sectionIds) findSection(structure, id);
  const unique = [...new Set(group.sectionIds)];
  const detached = detachSections(structure, unique);
  return {
    ...detached,
    groups: [...detached.groups, { ...group, sectionIds: unique }],
    items: [...detached.items, { type: 'group', id: group.id }],
  };
}

/** Deletes a group; its sections return to the top level where the group was (rule 4). */
export function removeGroup(structure: Structure, groupId: string): Structure {
  const group = findGroup(structure, groupId);
  return {
    ...structure,
    groups: structure.groups.filter((candidate) => candidate.id !== groupId),
    items: structure.items.flatMap((item): SiteTopItem[] =>
      item.type === 'group' && item.id === groupId
        ? group.sectionIds.map((id) => ({ type: 'section', id }))
        : [item],
    ),
  };
}

export function addSectionToGroup(structure: Structure, groupId: string, sectionId: string): Structure {
  findSection(structure, sectionId);
  findGroup(structure, groupId);
  const detached = detachSections(structure, [sectionId]);
  return {
    ...detached,
    groups: detached.groups.map((group) =>
      group.id === groupId ? { ...group, sectionIds: [...group.sectionIds, sectionId] } : group,
    ),
  };
}

/** Takes a section out of a group, back to the top level right after it; unchanged when it was not there. */
export function removeSectionFromGroup(structure: Structure, groupId: string, sectionId: string): Structure {
  const group = findGroup(structure, groupId);
  if (!group.sectionIds.includes(sectionId)) return structure;
  const detached = detachSections(structure, [sectionId]);
  const at = detached.items.findIndex((item) => item.type === 'group' && item.id === groupId);
  const items = [...detached.items];
  items.splice(at + 1, 0, { type: 'section', id: sectionId });
  return { ...detached, items };
}

/** Where to put an item among its siblings: before one, after one, or (neither) last. */
export interface SiblingPlace {
  before?: string | undefined;
  after?: string | undefined;
}

const invalidPosition = (message: string): DomainError => new DomainError('invalid_position', message);

/**
 * The list with `id` moved to `place` (rule 5). Both `before` and `after` given must be
 * adjacent in the result (the one right before it and the one right after it).
 */
export function reorder<T>(
  list: readonly T[],
  keyOf: (item: T) => string,
  id: string,
  place: SiblingPlace,
): T[] {
  const moving = list.find((item) => keyOf(item) === id);
  if (moving === undefined) throw notFound('Item');
  if (place.before === id || place.after === id)
    throw invalidPosition('An item cannot be placed next to itself');
  const rest = list.filter((item) => keyOf(item) !== id);
  const indexOf = (key: string) => {
    const index = rest.findIndex((item) => keyOf(item) === key);
    if (index === -1) throw invalidPosition(`"${key}" is not a sibling of the moved item`);
    return index;
  };
  let at = rest.length;
  if (place.before !== undefined) at = indexOf(place.before);
  if (place.after !== undefined) {
    const afterIndex = indexOf(place.after) + 1;
    if (place.before !== undefined && afterIndex !== at)
      throw invalidPosition('position.before and position.after are not next to each other');
    at = afterIndex;
  }
  const result = [...rest];
  result.splice(at, 0, moving);
  return result;
}

export const topItemKey = (item: SiteTopItem): string => `${item.type}:${item.id}`;

/** Moves a section or a group among the top level, or a section among its group's sections. */
export function moveSection(structure: Structure, sectionId: string, place: SiblingPlace): Structure {
  findSection(structure, sectionId);
  const group = groupOfSection(structure, sectionId);
  if (group) {
    const sectionIds = reorder(group.sectionIds, (id) => id, sectionId, place);
    return {
      ...structure,
      groups: structure.groups.map((candidate) =>
        candidate.id === group.id ? { ...candidate, sectionIds } : candidate,
      ),
    };
  }
  return { ...structure, items: reorderTop(structure, `section:${sectionId}`, place) };
}

/** `place` names top-level siblings by key (`section:<id>` or `group:<id>`). */
export function reorderTop(structure: Structure, key: string, place: SiblingPlace): SiteTopItem[] {
  return reorder(structure.items, topItemKey, key, place);
}

export function moveSiteSpace(structure: Structure, siteSpaceId: string, place: SiblingPlace): Structure {
  const located = findSiteSpace(structure, siteSpaceId);
  if (!located.section) {
    return { ...structure, siteSpaces: reorder(structure.siteSpaces, (s) => s.id, siteSpaceId, place) };
  }
  return replaceSection(structure, {
    ...located.section,
    siteSpaces: reorder(located.section.siteSpaces, (s) => s.id, siteSpaceId, place),
  });
}

// Added for the structure operations (issue 13, parts 2 and 3): typed pointers for moves,
// the guard of sections a caller names, and conditions written on sections and site spaces.

/** An item of the structure as moves and the sort name it (GitBook's `SiteStructureItemPointer`). */
export interface StructurePointer {
  type: 'site-space' | 'site-section' | 'site-section-group';
  id: string;
}

/** Where to move an item: right before and/or right after siblings; neither, last. */
export interface StructurePosition {
  before?: StructurePointer | undefined;
  after?: StructurePointer | undefined;
}

const notASibling = (pointer: StructurePointer): DomainError =>
  new DomainError('invalid_position', `a ${pointer.type} is not a sibling of the moved item`);

/** The position as keys of the siblings' list, `keyOf` naming the pointers of the right kind. */
function placeAmong(
  position: StructurePosition,
  keyOf: (pointer: StructurePointer) => string | undefined,
): SiblingPlace {
  const keyFor = (pointer: StructurePointer | undefined) => {
    if (pointer === undefined) return undefined;
    const key = keyOf(pointer);
    if (key === undefined) throw notASibling(pointer);
    return key;
  };
  return { before: keyFor(position.before), after: keyFor(position.after) };
}

const topKeyOf = (pointer: StructurePointer): string | undefined => {
  if (pointer.type === 'site-section') return topItemKey({ type: 'section', id: pointer.id });
  if (pointer.type === 'site-section-group') return topItemKey({ type: 'group', id: pointer.id });
  return undefined;
};

const idOfType =
  (type: StructurePointer['type']) =>
  (pointer: StructurePointer): string | undefined =>
    pointer.type === type ? pointer.id : undefined;

/**
 * Moves any item among its siblings (rule 5): a site space among those of its section (or of
 * the root); a grouped section among its group's sections; a top-level section or a group
 * among the top level. Outcomes: the item unknown, 404 naming its kind; a position naming
 * an item of another level or kind, an unknown one, the item itself, or `before` and
 * `after` that are not adjacent, 400 'invalid_position'.
 */
export function moveStructureItem(
  structure: Structure,
  item: StructurePointer,
  position: StructurePosition,
): Structure {
  switch (item.type) {
    case 'site-space':
      findSiteSpace(structure, item.id);
      return moveSiteSpace(structure, item.id, placeAmong(position, idOfType('site-space')));
    case 'site-section': {
      findSection(structure, item.id);
      if (groupOfSection(structure, item.id))
        return moveSection(structure, item.id, placeAmong(position, idOfType('site-section')));
      const key = topItemKey({ type: 'section', id: item.id });
      return { ...structure, items: reorderTop(structure, key, placeAmong(position, topKeyOf)) };
    }
    case 'site-section-group': {
      findGroup(structure, item.id);
      const key = topItemKey({ type: 'group', id: item.id });
      return { ...structure, items: reorderTop(structure, key, placeAmong(position, topKeyOf)) };
    }
  }
}

/**
 * Sections a caller names in a body (a group's `sections`, a site space's `sectionId`) must
 * be sections of this site: an unknown one, or one of another site, is a 400 naming `field`.
 */
export function assertSectionsOfSite(
  structure: Structure,
  sectionIds: readonly string[],
  field: string,
): void {
  for (const id of sectionIds)
    if (!structure.sections.some((section) => section.id === id))
      throw invalidInput(field, `"${id}" is not a section of this site`);
}

/**
 * A section's or site space's condition as a caller writes it: absent leaves it, null
 * removes it, text replaces it once it compiles against the site's adaptive schema (parses,
 * names only claims the schema has); otherwise a 400 naming `condition` with the parser's
 * or the checker's message.
 */
export function withCondition<Item extends { condition?: string }>(
  item: Item,
  condition: string | null | undefined,
  schema: AdaptiveSchema,
): Item {
  if (condition === undefined) return item;
  if (condition === null) {
    const { condition: _removed, ...rest } = item;
    return rest as Item;
  }
  const compiled = compileCondition(condition, schema);
  if (!compiled.ok) throw invalidInput('condition', compiled.message);
  return { ...item, condition };
}

/**
 * Pins every default to what it is now (rule 2): the default section, the root's default
 * site space and each section's. Applied after every change (`update-site.ts`), so a default
 * stays where it is when sections or site spaces are reordered, and moves to the first
 * remaining item only when it is deleted (the delete unsets it).
 */
export function settleDefaults(structure: Structure): Structure {
  const settled: Structure = {
    ...structure,
    sections: structure.sections.map((section) => {
      const pinned = defaultSiteSpaceOf(structure, section)?.id;
      if (pinned === undefined) {
        const { defaultSiteSpaceId: _gone, ...rest } = section;
        return rest;
      }
      return { ...section, defaultSiteSpaceId: pinned };
    }),
  };
  const section = defaultSectionOf(structure)?.id;
  if (section === undefined) delete settled.defaultSectionId;
  else settled.defaultSectionId = section;
  const rootSiteSpace = defaultSiteSpaceOf(structure, undefined)?.id;
  if (rootSiteSpace === undefined) delete settled.defaultSiteSpaceId;
  else settled.defaultSiteSpaceId = rootSiteSpace;
  return settled;
}
