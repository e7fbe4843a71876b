/**
 * Whether a caller is shown a site's published view, from what the request proved. The rules,
 * in order (the first that decides wins):
 *
 * 1. A member who may view the site is shown it, published or not (they preview it).
 * 2. Anyone else: an unpublished site is hidden.
 * 3. 'public' and 'unlisted' sites are shown to anyone.
 * 4. A 'share-link' site is shown with the key of one of its ACTIVE share links, else hidden.
 * 5. A 'visitor-auth' site is shown with a verified visitor token (signed with the site's key,
 *    or the ping token of a member who may view the site: `tokenMakesVisitor`), else hidden.
 *
 * Hidden means answered as a site that does not exist (404): a visitor without the right
 * credential never learns that the site is there. A share key does not open a 'visitor-auth'
 * site, nor a token a 'share-link' one.
 */
import type { SiteVisibility } from './records';

export interface VisitorFacts {
  visibility: SiteVisibility;
  published: boolean;
  /** The caller is a member of the organization whose role lets them view the site. */
  member: boolean;
  /** A `shareKey` was given and it is the key of an active share link of the site. */
  activeShareLink: boolean;
  /** A visitor token was given and verified for this site. */
  verifiedToken: boolean;
}

/** Why the site is shown (`via`), or that it is hidden. */
export type VisitorAccess =
  | { shown: true; via: 'member' | 'open' | 'share-link' | 'visitor-auth' }
  | { shown: false };

const HIDDEN: VisitorAccess = { shown: false };

export function visitorAccess(facts: VisitorFacts): VisitorAccess {
  if (facts.member) return { shown: true, via: 'member' }; // 1
  if (!facts.published) return HIDDEN; // 2
  switch (facts.visibility) {
    case 'public':
    case 'unlisted':
      return { shown: true, via: 'open' }; // 3
    case 'share-link':
      return facts.activeShareLink ? { shown: true, via: 'share-link' } : HIDDEN; // 4
    case 'visitor-auth':
      return facts.verifiedToken ? { shown: true, via: 'visitor-auth' } : HIDDEN; // 5
  }
}
