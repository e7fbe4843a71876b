/**
 * Whether a site space's Space is embedded in what a caller is answered: the site-spaces
 * list, the structure, sections and groups, and the published view (issue 25: a reader who
 * gets 404 on a space read its title, revision and counts in a site listing). The rules, in
 * order (the first that decides wins):
 *
 * 1. A space deleted, or of another organization: left out (until restored).
 * 2. A space the caller may view (any effective role on it): embedded, with their
 *    permissions on it.
 * 3. A site whose published view is shown to the caller as a visitor, without counting their
 *    membership (`visitorAccess` with `member: false`: a published 'public' or 'unlisted'
 *    site; a 'share-link' one with an active link's key; a 'visitor-auth' one with a
 *    verified visitor token): embedded, with no permissions. The publication shows its
 *    spaces to every such visitor (GitBook's published view shows a visitor the spaces of
 *    the site they may read), so a member sees no less than an anonymous visitor.
 * 4. Otherwise: left out, with its site space, as a deleted space is: the caller never
 *    learns its title, revision or counts (a member previewing an unpublished site, a
 *    'share-link' site without its key, a 'visitor-auth' site without a token).
 */

export interface EmbeddingFacts {
  /** The space exists, is not deleted, and is in the site's organization. */
  live: boolean;
  /** The caller has an effective role on the space. */
  viewer: boolean;
  /** The site's published view is shown to the caller as a visitor (rule 3). */
  visitor: boolean;
}

/** How the Space is embedded: with the caller's permissions, with none, or not at all. */
export type SpaceEmbedding = 'as-viewer' | 'as-visitor' | 'left-out';

export function spaceEmbedding(facts: EmbeddingFacts): SpaceEmbedding {
  if (!facts.live) return 'left-out'; // 1
  if (facts.viewer) return 'as-viewer'; // 2
  if (facts.visitor) return 'as-visitor'; // 3
  return 'left-out'; // 4
}
