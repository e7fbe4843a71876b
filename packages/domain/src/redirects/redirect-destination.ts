/**
 * A redirect's destination against its site: checked when a redirect is written (a part of
 * the site that exists, a page of a space the site shows) and turned into the URL a visitor
 * is sent to when one is resolved. The site's structure and the spaces' content change after
 * a redirect is written: a destination removed since then is found missing at resolution.
 */
import { type PageIndex, pageIndexOf } from '../content';
import type { OperationContext } from '../core/context';
import { notFound } from '../core/errors';
import {
  defaultSectionOf,
  defaultSiteSpaceOf,
  locatedSiteSpaces,
  locateSiteSpace,
  publishedUrl,
  type SiteRecord,
  sitePublishedBase,
} from '../publishing';
import type { RedirectDestinationRecord } from './records';
import type { RedirectDestinationInput } from './redirect-destination-schema';

/** The pages of a space's current content; none when the space is gone or was never written. */
export async function currentPages(
  ctx: OperationContext,
  site: SiteRecord,
  spaceId: string,
): Promise<PageIndex | null> {
  const space = await ctx.repos.spaces.findById(spaceId);
  if (!space || space.deletedAt !== undefined || space.organizationId !== site.organizationId) return null;
  if (!space.revisionId) return null;
  const revision = await ctx.repos.revisions.findById(space.id, space.revisionId);
  return revision ? pageIndexOf(ctx, revision.tree) : null;
}

const siteSpaceOf = (site: SiteRecord, siteSpaceId: string) => {
  const located = locateSiteSpace(site.structure, siteSpaceId);
  if (!located) throw notFound('Site space');
  return located;
};

/**
 * The destination to store for `input`, checked against the site. Outcomes: a section or
 * site space the site does not have, 404; a page its site space's content does not hold,
 * 404 'Page'; a `path` in a space the site does not show, 404 'Site space', or that no page
 * of its current content has, 404 'Page'.
 */
export async function destinationToStore(
  ctx: OperationContext,
  site: SiteRecord,
  input: RedirectDestinationInput,
): Promise<RedirectDestinationRecord> {
  switch (input.kind) {
    case 'external':
      return { kind: 'external', url: input.url };
    case 'site-section':
      if (!site.structure.sections.some((section) => section.id === input.siteSectionId))
        throw notFound('Site section');
      return { kind: 'site-section', siteSectionId: input.siteSectionId };
    case 'site-space':
      siteSpaceOf(site, input.siteSpaceId);
      return { kind: 'site-space', siteSpaceId: input.siteSpaceId };
    case 'site-page': {
      const { siteSpace } = siteSpaceOf(site, input.siteSpaceId);
      const pages = await currentPages(ctx, site, siteSpace.spaceId);
      if (!pages?.pages.has(input.pageId)) throw notFound('Page');
      return { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: input.pageId };
    }
    case 'path': {
      // The first site space showing the space, in visitors' order.
      const shown = locatedSiteSpaces(site.structure).find(
        ({ siteSpace }) => siteSpace.spaceId === input.spaceId,
      );
      if (!shown) throw notFound('Site space');
      const pages = await currentPages(ctx, site, input.spaceId);
      const page = pages?.byPath.get(input.path.replace(/^\/+|\/+$/g, ''));
      if (!page) throw notFound('Page');
      return { kind: 'site-page', siteSpaceId: shown.siteSpace.id, pageId: page.id };
    }
  }
}

/** `rest` appended to the path of `url` (its query, such as a share key, kept after it). */
function withRest(url: string, rest: string): string {
  if (rest === '') return url;
  const target = new URL(url);
  target.pathname =
    target.pathname.endsWith('/') && rest.startsWith('/')
      ? target.pathname + rest.slice(1)
      : target.pathname + rest;
  return target.toString();
}

/**
 * The URL a visitor of the site is sent to, with `rest` (what a capturing wildcard matched)
 * after its path. Internal destinations are the site's published URLs, carrying `shareKey`
 * when given. Outcome: a section, site space or page removed since the redirect was
 * written, 404 'Redirect destination'.
 */
export async function destinationUrl(
  ctx: OperationContext,
  site: SiteRecord,
  destination: RedirectDestinationRecord,
  options: { rest: string; shareKey: string | undefined },
): Promise<string> {
  const gone = () => notFound('Redirect destination');
  if (destination.kind === 'external') return withRest(destination.url, options.rest);
  const base = sitePublishedBase(ctx.urls, site);
  const at = (paths: string[]) => withRest(publishedUrl(base, paths, options.shareKey), options.rest);
  if (destination.kind === 'site-section') {
    const section = site.structure.sections.find((candidate) => candidate.id === destination.siteSectionId);
    if (!section) throw gone();
    return at([defaultSectionOf(site.structure)?.id === section.id ? '' : section.path]);
  }
  const located = locateSiteSpace(site.structure, destination.siteSpaceId);
  if (!located) throw gone();
  const { siteSpace, section } = located;
  const isDefault = defaultSiteSpaceOf(site.structure, section)?.id === siteSpace.id;
  const siteSpacePaths = [section?.path ?? '', isDefault ? '' : siteSpace.path];
  if (destination.kind === 'site-space') return at(siteSpacePaths);
  const pagePath = (await currentPages(ctx, site, siteSpace.spaceId))?.paths.get(destination.pageId);
  if (pagePath === undefined) throw gone();
  return at([...siteSpacePaths, ...pagePath.split('/')]);
}
