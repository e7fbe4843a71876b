/**
 * Whether a redirect's destination lies in the part of the site its caller may be told about
 * (`shown`: the visit's structure without the site spaces whose space they may not read,
 * `readableStructureOf`). A redirect whose destination does not answers that caller as if it
 * did not exist, so that no answer — its target URL, its destination's ids, a chain through
 * it, one 404 told from another — says where a page of a site space they may not read is, or
 * that it is there. The rules:
 *
 * 1. An address outside the site: shown (it names nothing of the site).
 * 2. A section, a site space or a page of one: shown when that section or site space is in
 *    `shown`. One the site no longer has is shown: resolution answers it 404 'Redirect
 *    destination', as for anyone (it names no page).
 * 3. An address inside the site (under its published base): shown when the site space its
 *    path falls in, by the site's whole structure (`matchSitePath`, as published URLs are
 *    built), is in `shown`; its root, always.
 */

import type { OperationContext } from '../core/context';
import {
  locateSiteSpace,
  matchSitePath,
  type SiteRecord,
  type Structure,
  sitePublishedBase,
} from '../publishing';
import type { RedirectDestinationRecord } from './records';
import { segmentsOf, sitePathOf } from './site-path-of-url';

export function isDestinationShown(
  ctx: Pick<OperationContext, 'urls'>,
  site: SiteRecord,
  shown: Structure,
  destination: RedirectDestinationRecord,
): boolean {
  if (destination.kind === 'site-section') {
    const exists = site.structure.sections.some((section) => section.id === destination.siteSectionId);
    return !exists || shown.sections.some((section) => section.id === destination.siteSectionId); // 2.
  }
  if (destination.kind !== 'external') {
    const exists = locateSiteSpace(site.structure, destination.siteSpaceId) !== undefined;
    return !exists || locateSiteSpace(shown, destination.siteSpaceId) !== undefined; // 2.
  }
  const path = sitePathOf(sitePublishedBase(ctx.urls, site), destination.url);
  if (path === null) return true; // 1, or 3: the site's root.
  const segments = segmentsOf(path);
  const match = segments && matchSitePath(site.structure, segments);
  return !match || locateSiteSpace(shown, match.siteSpace.id) !== undefined; // 3.
}
