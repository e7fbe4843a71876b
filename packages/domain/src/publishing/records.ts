/**
 * What the repositories store for sites. A site is ONE record holding its whole structure
 * (sections, section groups, site spaces, their order), its share links, adaptive schema and
 * visitor-authentication key. A site's structure is small (hundreds of items at most) and is
 * always read and changed as a whole: one record makes every change a single atomic replace
 * (checked against `version`, see `update-site.ts`), so two racing edits never interleave and
 * a process that dies mid-request leaves the old structure or the new one, never half of each.
 */

export type SiteVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
export type SiteType = 'basic' | 'premium' | 'ultimate';
export type SiteAgentsContext = 'excluded' | 'included';

export interface SiteSpaceRecord {
  id: string;
  spaceId: string;
  /** Path of the space on the site, unique among the site spaces of its section (or of the root). */
  path: string;
  condition?: string;
}

export interface SiteSectionRecord {
  id: string;
  title: string;
  /** Path of the section on the site, unique within the site. */
  path: string;
  description?: string;
  icon?: string;
  condition?: string;
  /** The site space shown first in the section; one of `siteSpaces`, the first when unset. */
  defaultSiteSpaceId?: string;
  /** The section's site spaces (the variants of its content), in order. */
  siteSpaces: SiteSpaceRecord[];
}

export interface SiteSectionGroupRecord {
  id: string;
  title: string;
  icon?: string;
  /** The sections of the group, in order; each section is in at most one group. */
  sectionIds: string[];
}

/** An item of the top level of a site's structure: a section outside any group, or a group. */
export type SiteTopItem = { type: 'section'; id: string } | { type: 'group'; id: string };

export interface SiteStructureRecord {
  /** Every section of the site (grouped or not); their order lives in `items` and in groups. */
  sections: SiteSectionRecord[];
  groups: SiteSectionGroupRecord[];
  /** The top level, in order: sections outside groups, and groups. */
  items: SiteTopItem[];
  /** Site spaces directly at the root: only while the site has no section. */
  siteSpaces: SiteSpaceRecord[];
  defaultSectionId?: string;
  /** The default of the root site spaces (a site without sections). */
  defaultSiteSpaceId?: string;
}

export interface ShareLinkRecord {
  id: string;
  name?: string;
  /**
   * The secret a share link's URL carries. Kept as it is (like an invite link's token): an
   * administrator copies the link's URL at any time, and a leaked one is answered by
   * deactivating or deleting the link, which locks its holders out at once.
   */
  key: string;
  active: boolean;
  createdAt: string;
}

/**
 * A site's customization as stored: GitBook's settings as validated, with the addresses of
 * logos, icons and fonts replaced by the paths of Quire's own files (`/files/<hash>/<name>`).
 * It rides in the site's record: bounded (a few tens of KB at most), read by the published
 * view with the site, and changed by the same compare-and-swap as the rest of the site.
 */
export interface SiteCustomizationRecord {
  /** The site's whole settings as last put; absent: GitBook's defaults. */
  site?: { settings: Record<string, unknown>; updatedAt: string };
  /** Overrides of site spaces, by site space id: only the fields overridden. */
  siteSpaces: Record<string, { overrides: Record<string, unknown>; updatedAt: string }>;
}

export interface SiteRecord {
  id: string;
  organizationId: string;
  type: SiteType;
  title: string;
  visibility: SiteVisibility;
  published: boolean;
  hostname?: string;
  basename?: string;
  proxy?: string;
  agentsContext: SiteAgentsContext;
  adaptiveContent: { enabled: boolean };
  structure: SiteStructureRecord;
  /** Ids of the spaces the site shows (the `space` filter of the list reads an index on it). */
  spaceIds: string[];
  shareLinks: ShareLinkRecord[];
  /** The visitor claims' JSON Schema; absent until first set (the default schema applies). */
  adaptiveSchema?: { jsonSchema: unknown; updatedAt: string };
  /** Visitor authentication: the HS256 key visitors' tokens are signed with, and where to send the refused. */
  publishingAuth: { privateKey: string; fallbackURL?: string };
  /** Branding and presentation (GitBook's customization settings); absent until first set. */
  customization?: SiteCustomizationRecord;
  createdAt: string;
  updatedAt: string;
  /** Incremented by every change: a replace succeeds only over the version it read. */
  version: number;
}
