/**
 * What the repositories store of a space's former page paths: one record per old path, apart
 * from the revisions. A revision knows only its own paths; a visitor's bookmark knows the old
 * one. Each record names a page by id, never a path, so a page that moves again needs no new
 * record for its older paths (chains collapse): they all lead to wherever the page is now.
 */

/**
 * Where a record comes from: `moved`, a page's own slug or parent changed (its subpages'
 * paths follow it, answered through this record as a prefix); `git`, a `redirects:` entry of
 * the `.gitbook.yaml` of a Git-synced space (an exact path, replaced by every import).
 */
export type PathRedirectOrigin = 'moved' | 'git';

export interface SpacePathRedirectRecord {
  spaceId: string;
  organizationId: string;
  /** The old path in the space: slugs joined by '/', no leading or trailing slash, not percent-encoded. */
  path: string;
  /** The page the path leads to now. */
  pageId: string;
  origin: PathRedirectOrigin;
  /** When it was recorded (the oldest `moved` records go first past the cap). */
  at: string;
}
