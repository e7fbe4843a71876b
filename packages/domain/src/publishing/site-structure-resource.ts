/**
 * GitBook's SiteStructure resource: a site's whole structure in visitors' order, either
 * `{type: 'sections', structure: [SiteSection | SiteSectionGroup...]}` (the top level, each
 * group with its sections) or, for a site without sections, `{type: 'siteSpaces', structure:
 * [SiteSpace...]}`. The published view presents its visible part the same way.
 */
import { z } from 'zod';
import { notFound } from '../core/errors';
import type { SiteTopItem } from './records';
import { findGroup, findSection, findSiteSpace, type StructurePointer } from './site-structure';
import {
  presentSiteSection,
  presentSiteSectionGroup,
  presentSiteSpace,
  type SiteSection,
  type SiteSectionGroup,
  SiteSectionGroupSchema,
  SiteSectionSchema,
  type SiteSpace,
  SiteSpaceSchema,
  type StructureView,
} from './site-structure-schema';

export const SiteStructureSchema = z
  .union([
    z.object({
      type: z.literal('sections').describe('The site has sections'),
      structure: z
        .array(z.union([SiteSectionSchema, SiteSectionGroupSchema]))
        .describe('The top level in order: sections outside groups, and groups with their sections'),
    }),
    z.object({
      type: z.literal('siteSpaces').describe('The site has no sections: its site spaces sit at the root'),
      structure: z.array(SiteSpaceSchema).describe('The site spaces of the root, in order'),
    }),
  ])
  .meta({ id: 'SiteStructure', description: "A site's structure, in the order visitors see it" });
export type SiteStructure = z.infer<typeof SiteStructureSchema>;

/** A site space, a section or a section group: what the structure sort moves and answers. */
export const SiteStructureItemSchema = z
  .union([SiteSpaceSchema, SiteSectionSchema, SiteSectionGroupSchema])
  .meta({ id: 'SiteStructureItem', description: 'A site space, a site section or a site section group' });
export type SiteStructureItem = z.infer<typeof SiteStructureItemSchema>;

function presentTopItem(view: StructureView, item: SiteTopItem): SiteSection | SiteSectionGroup | undefined {
  if (item.type === 'section') {
    const section = view.structure.sections.find((candidate) => candidate.id === item.id);
    return section && presentSiteSection(view, section);
  }
  const group = view.structure.groups.find((candidate) => candidate.id === item.id);
  return group && presentSiteSectionGroup(view, group);
}

export function presentSiteStructure(view: StructureView): SiteStructure {
  if (view.structure.sections.length === 0)
    return {
      type: 'siteSpaces',
      structure: view.structure.siteSpaces.flatMap(
        (siteSpace) => presentSiteSpace(view, siteSpace, undefined) ?? [],
      ),
    };
  return {
    type: 'sections',
    structure: view.structure.items.flatMap((item) => presentTopItem(view, item) ?? []),
  };
}

/**
 * A site space of the structure, presented; 404 'Space' when its space was deleted (it is
 * out of the structure until the space is restored).
 */
export function presentSiteSpaceById(view: StructureView, siteSpaceId: string): SiteSpace {
  const located = findSiteSpace(view.structure, siteSpaceId);
  const presented = presentSiteSpace(view, located.siteSpace, located.section);
  if (!presented) throw notFound('Space');
  return presented;
}

/** The item a pointer names, presented (what the structure sort answers). */
export function presentStructureItem(view: StructureView, pointer: StructurePointer): SiteStructureItem {
  switch (pointer.type) {
    case 'site-space':
      return presentSiteSpaceById(view, pointer.id);
    case 'site-section':
      return presentSiteSection(view, findSection(view.structure, pointer.id));
    case 'site-section-group':
      return presentSiteSectionGroup(view, findGroup(view.structure, pointer.id));
  }
}
