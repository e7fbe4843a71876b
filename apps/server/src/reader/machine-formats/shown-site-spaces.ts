/**
 * What a visitor is shown of a site, flattened for the machine formats: each site space of the
 * published view (the structure with the visitor's conditions applied, `sites.published` read
 * with their site API token) with its section, its address under the site (the default section
 * and site space add no segment, as `site-urls.ts` builds published URLs) and its pages, read
 * with the same token. A site space whose pages the token may not read is left out.
 */
import { executeOperation, operations } from '@quire/domain';
import type { PageTreeNode, PublishedSite, ReaderVisit } from '../reader-visit';
import { readOrNothing } from '../reader-visit';
import { lookupOf } from './visit-lookup';

type Structure = PublishedSite['structure'];
type StructureItem = Structure['structure'][number];
type SiteSpace = Extract<Structure, { type: 'siteSpaces' }>['structure'][number];
type Section = Extract<StructureItem, { object: 'site-section' }>;

export interface ShownSiteSpace {
  siteSpace: SiteSpace;
  section: Section | undefined;
  /** The site-relative path of its root: '' or `<section>/`, `<section>/<site space>/`, `<site space>/`. */
  basePath: string;
  /** Title for lists: the section's (with the site space's when the section has several), else the site space's. */
  title: string;
}

/** The site spaces of the visitor's structure, in the order visitors see them. */
export function shownSiteSpaces(site: PublishedSite): ShownSiteSpace[] {
  const { structure } = site;
  if (structure.type === 'siteSpaces')
    return structure.structure.map((siteSpace) => ({
      siteSpace,
      section: undefined,
      basePath: siteSpace.default || siteSpace.path === '' ? '' : `${encodeURIComponent(siteSpace.path)}/`,
      title: siteSpace.title,
    }));
  const sections: Section[] = structure.structure.flatMap((item) =>
    item.object === 'site-section-group' ? item.sections : item.object === 'site-section' ? [item] : [],
  );
  return sections.flatMap((section) =>
    section.siteSpaces.map((siteSpace) => {
      const sectionPart = section.default ? '' : `${encodeURIComponent(section.path)}/`;
      const spacePart =
        siteSpace.default || siteSpace.path === '' ? '' : `${encodeURIComponent(siteSpace.path)}/`;
      return {
        siteSpace,
        section,
        basePath: sectionPart + spacePart,
        title: section.siteSpaces.length > 1 ? `${section.title} (${siteSpace.title})` : section.title,
      };
    }),
  );
}

/** The fields of a page tree node read here (the pages list's nodes, GitBook's shape). */
export interface TreeNode {
  id: string;
  title: string;
  path: string;
  type?: string;
  hidden?: boolean;
  description?: string;
  updatedAt?: string;
  pages?: TreeNode[];
}

/** A page of a site space as the machine formats list it. */
export interface ListedPage {
  id: string;
  title: string;
  description?: string | undefined;
  /** The page's path in its space (`guide/install`). */
  path: string;
  depth: number;
  updatedAt?: string | undefined;
}

/**
 * The pages a machine lists, in reading order: document pages, not hidden (a hidden page and
 * its subpages are for those who have the link, as GitBook leaves them out of sitemaps and
 * llms.txt; `withHidden` keeps them, for the addresses links are rewritten to); groups are
 * walked through, links left out.
 */
export function listedPages(
  pages: readonly PageTreeNode[],
  limit: number,
  options: { withHidden?: boolean } = {},
): ListedPage[] {
  const listed: ListedPage[] = [];
  const walk = (nodes: readonly TreeNode[], depth: number) => {
    for (const page of nodes) {
      if (listed.length >= limit) return;
      if (page.hidden === true && options.withHidden !== true) continue;
      if (page.type === 'document')
        listed.push({
          id: page.id,
          title: page.title,
          description: page.description,
          path: page.path,
          depth,
          updatedAt: page.updatedAt,
        });
      if (page.type !== 'link') walk(page.pages ?? [], depth + 1);
    }
  };
  walk(pages as unknown as TreeNode[], 0);
  return listed;
}

/** The pages of a shown site space, read with the visitor's token (the visit's own site space: already read). */
export async function pagesOf(visit: ReaderVisit, shown: ShownSiteSpace): Promise<readonly PageTreeNode[]> {
  if (shown.siteSpace.id === lookupOf(visit).siteSpace) return visit.pages;
  const { space } = shown.siteSpace;
  const read = await readOrNothing(() =>
    executeOperation(operations.spaces.content.pages.list, visit.ctx, {
      spaceId: space.id,
      ...(space.revision ? { revisionId: space.revision } : {}),
    }),
  );
  return (read?.pages ?? []) as PageTreeNode[];
}
