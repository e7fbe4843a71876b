/** A site's visibilities, in the words a person reads (the values are GitBook's). */
import type { SiteVisibility } from './site-types';

export const VISIBILITY_LABELS: Readonly<Record<SiteVisibility, string>> = {
  public: 'Public',
  unlisted: 'Unlisted',
  'share-link': 'Share links',
  'visitor-auth': 'Visitor authentication',
};

export const VISIBILITY_HINTS: Readonly<Record<SiteVisibility, string>> = {
  public: 'Anyone can read it, and search engines index it.',
  unlisted: 'Anyone with the address can read it; search engines do not index it.',
  'share-link': 'Only people holding an active share link can read it.',
  'visitor-auth': 'Only visitors signed in through your own service (a signed token) can read it.',
};

export const VISIBILITIES = Object.keys(VISIBILITY_LABELS) as SiteVisibility[];
