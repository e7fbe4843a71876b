/**
 * What the repositories store for site redirects: one record per redirect, apart from the
 * site's own record. A site's structure is read and replaced as a whole on every change
 * (`publishing/update-site.ts`); a thousand redirects inside it would make each structure
 * edit carry them, so they live in their own collection, keyed by site.
 */

/** Where a redirect sends a visitor: a part of the same site, or an address elsewhere. */
export type RedirectDestinationRecord =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string }
  | { kind: 'external'; url: string };

export interface SiteRedirectRecord {
  id: string;
  organizationId: string;
  siteId: string;
  /**
   * The site-relative path it answers (`/old/page`), or a prefix ending in `*` (`/old/*`,
   * `/old*`): a site holds one live and one draft redirect per source.
   */
  source: string;
  /** A draft is kept for review and never resolved; publishing it replaces the live one. */
  draft: boolean;
  /** A wildcard source's matched rest is appended to the destination's URL. */
  captureWildcard: boolean;
  /** Served as a permanent redirect (308) rather than a temporary one (307). */
  permanent: boolean;
  destination: RedirectDestinationRecord;
  createdAt: string;
  /** Absent until the redirect is first changed. */
  updatedAt?: string;
}
