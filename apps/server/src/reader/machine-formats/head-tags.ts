/**
 * The tags a page's `<head>` gets for machines (issue 29, item 4): its canonical address (the
 * site's published address, never a share key nor a custom host's copy), `noindex` for a site
 * that is not public (unlisted, share-link, visitor-auth), Open Graph and Twitter cards (the
 * social preview image the customization sets, else the page's own generated card,
 * `social-image.ts`), and the page's markdown as an alternate.
 */
import type { HeadTag } from '@quire/reader';
import type { ReaderVisit } from '../reader-visit';
import { siteTitleOf } from './llms-txt';
import { SOCIAL_IMAGE_PREFIX } from './machine-request';
import { linkQueryOf, markdownUrlOf } from './page-markdown';
import { shownSiteSpaces } from './shown-site-spaces';
import { canonicalBaseOf } from './sitemap-xml';
import { lookupOf } from './visit-lookup';

export interface HeadPage {
  title: string;
  description?: string | undefined;
  /** The page's path in its space (`guide/install`). */
  path: string;
}

export function machineHeadTags(visit: ReaderVisit, page: HeadPage): HeadTag[] {
  const lookup = lookupOf(visit);
  const current = shownSiteSpaces(visit.site).find((shown) => shown.siteSpace.id === lookup.siteSpace);
  const pagePath = page.path.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  const canonical = `${canonicalBaseOf(visit)}${current?.basePath ?? ''}${pagePath}`;
  const siteName = siteTitleOf(visit);
  const description = page.description?.trim();
  const image =
    socialImageOf(visit) ??
    (pagePath === ''
      ? undefined
      : `${canonicalBaseOf(visit)}${current?.basePath ?? ''}${SOCIAL_IMAGE_PREFIX}${pagePath}.png`);
  const tags: HeadTag[] = [{ tag: 'link', rel: 'canonical', href: canonical }];
  if (visit.site.site.visibility !== 'public') tags.push({ tag: 'meta', name: 'robots', content: 'noindex' });
  tags.push(
    { tag: 'meta', property: 'og:type', content: 'website' },
    { tag: 'meta', property: 'og:site_name', content: siteName },
    { tag: 'meta', property: 'og:title', content: page.title },
    { tag: 'meta', property: 'og:url', content: canonical },
    ...(description ? [{ tag: 'meta' as const, property: 'og:description', content: description }] : []),
    ...(image ? [{ tag: 'meta' as const, property: 'og:image', content: image }] : []),
    { tag: 'meta', name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { tag: 'meta', name: 'twitter:title', content: page.title },
    ...(description ? [{ tag: 'meta' as const, name: 'twitter:description', content: description }] : []),
    ...(image ? [{ tag: 'meta' as const, name: 'twitter:image', content: image }] : []),
    {
      tag: 'link',
      rel: 'alternate',
      type: 'text/markdown',
      href:
        pagePath === ''
          ? `${visit.baseUrl}llms.txt`
          : markdownUrlOf(visit.baseUrl, page.path, linkQueryOf(lookup)),
    },
  );
  return tags;
}

/** The site space's (else the site's) social preview image: a file Quire serves. */
function socialImageOf(visit: ReaderVisit): string | undefined {
  const { customizations } = visit.site;
  const own = customizations.siteSpaces[lookupOf(visit).siteSpace] as
    | { socialPreview?: { url?: string } }
    | undefined;
  const site = customizations.site as { socialPreview?: { url?: string } };
  return own?.socialPreview?.url ?? site.socialPreview?.url;
}
