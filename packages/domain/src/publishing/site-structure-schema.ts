/**
 * The resources of a site's structure: SiteSpace (with its Space embedded), SiteSection
 * (with its site spaces) and SiteSectionGroup (with its sections), and their presenters.
 * Published URLs are given only while the site is published (GitBook's rule).
 */
import { z } from 'zod';
import { type Space, SpaceSchema } from '../content';
import type { SiteRecord, SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from './records';
import { defaultSiteSpaceOf, type Structure } from './site-structure';
import { publishedUrl } from './site-urls';

const publishedUrls = z
  .object({
    location: z.string().describe('Location in the API'),
    published: z.string().optional().describe('The published URL; only while the site is published'),
  })
  .describe('Absolute URLs');

export const SiteSpaceSchema = z
  .object({
    object: z.literal('site-space').describe('Always "site-space"'),
    id: z.string().describe('Id of the site space'),
    path: z.string().describe('Path of the space on the site'),
    section: z.string().optional().describe('Id of the section the site space belongs to'),
    space: SpaceSchema,
    title: z.string().describe('Title of the site space (its space)'),
    default: z.boolean().describe('Whether this is the default site space (of its section, or of the site)'),
    condition: z.string().optional().describe('Expression deciding whether visitors see the site space'),
    hasAdvancedCustomizationFeature: z.boolean().describe('Always false: no advanced customization'),
    urls: publishedUrls,
  })
  .meta({ id: 'SiteSpace', description: 'A space published on a site' });
export type SiteSpace = z.infer<typeof SiteSpaceSchema>;

export const SiteSectionSchema = z
  .object({
    object: z.literal('site-section').describe('Always "site-section"'),
    id: z.string().describe('Id of the section'),
    title: z.string().describe('Title of the section'),
    description: z.string().optional().describe('Description of the section'),
    default: z.boolean().describe('Whether this is the default section of the site'),
    path: z.string().describe('Path of the section on the site'),
    condition: z.string().optional().describe('Expression deciding whether visitors see the section'),
    sectionGroup: z.string().optional().describe('Id of the group the section is in'),
    icon: z.string().optional().describe('Name of the icon of the section'),
    siteSpaces: z.array(SiteSpaceSchema).describe('The site spaces of the section, in order'),
    urls: publishedUrls,
  })
  .meta({ id: 'SiteSection', description: 'A section of a site: one body of content, in variants' });
export type SiteSection = z.infer<typeof SiteSectionSchema>;

export const SiteSectionGroupSchema = z
  .object({
    object: z.literal('site-section-group').describe('Always "site-section-group"'),
    id: z.string().describe('Id of the group'),
    title: z.string().describe('Title of the group'),
    icon: z.string().optional().describe('Name of the icon of the group'),
    sections: z.array(SiteSectionSchema).describe('The sections of the group, in order'),
  })
  .meta({ id: 'SiteSectionGroup', description: 'A group of sections of a site' });
export type SiteSectionGroup = z.infer<typeof SiteSectionGroupSchema>;

/** What presenting a structure needs besides the records. */
export interface StructureView {
  site: SiteRecord;
  /** The structure to present (the site's, or the part a visitor may see). */
  structure: Structure;
  /** The published base URL of the site. */
  base: string;
  /** The site's location in the API. */
  location: string;
  /** Worked out once per view (not per item: a site has hundreds): the default section's id. */
  defaultSectionId: string | undefined;
  /** The group of each grouped section. */
  groupOfSection: ReadonlyMap<string, string>;
  /** Each site space's space, presented for the caller; a site space whose space is gone is left out. */
  spaces: ReadonlyMap<string, Space>;
  shareKey: string | undefined;
}

const urlsOf = (view: StructureView, location: string, paths: readonly string[]) => ({
  location,
  ...(view.site.published ? { published: publishedUrl(view.base, paths, view.shareKey) } : {}),
});

export function presentSiteSpace(
  view: StructureView,
  siteSpace: SiteSpaceRecord,
  section: SiteSectionRecord | undefined,
): SiteSpace | undefined {
  const space = view.spaces.get(siteSpace.spaceId);
  if (!space) return undefined;
  const isDefault = defaultSiteSpaceOf(view.structure, section)?.id === siteSpace.id;
  return {
    object: 'site-space',
    id: siteSpace.id,
    path: siteSpace.path,
    ...(section ? { section: section.id } : {}),
    space,
    title: space.title,
    default: isDefault,
    ...(siteSpace.condition === undefined ? {} : { condition: siteSpace.condition }),
    hasAdvancedCustomizationFeature: false,
    urls: urlsOf(view, `${view.location}/site-spaces/${siteSpace.id}`, [
      section?.path ?? '',
      isDefault ? '' : siteSpace.path,
    ]),
  };
}

export function presentSiteSection(view: StructureView, section: SiteSectionRecord): SiteSection {
  const isDefault = view.defaultSectionId === section.id;
  const group = view.groupOfSection.get(section.id);
  return {
    object: 'site-section',
    id: section.id,
    title: section.title,
    ...(section.description === undefined ? {} : { description: section.description }),
    default: isDefault,
    path: section.path,
    ...(section.condition === undefined ? {} : { condition: section.condition }),
    ...(group === undefined ? {} : { sectionGroup: group }),
    ...(section.icon === undefined ? {} : { icon: section.icon }),
    siteSpaces: section.siteSpaces.flatMap((siteSpace) => presentSiteSpace(view, siteSpace, section) ?? []),
    urls: urlsOf(view, `${view.location}/sections/${section.id}`, [isDefault ? '' : section.path]),
  };
}

export function presentSiteSectionGroup(
  view: StructureView,
  group: SiteSectionGroupRecord,
): SiteSectionGroup {
  const sections = new Map(view.structure.sections.map((section) => [section.id, section]));
  return {
    object: 'site-section-group',
    id: group.id,
    title: group.title,
    ...(group.icon === undefined ? {} : { icon: group.icon }),
    sections: group.sectionIds.flatMap((id) => {
      const section = sections.get(id);
      return section ? [presentSiteSection(view, section)] : [];
    }),
  };
}
