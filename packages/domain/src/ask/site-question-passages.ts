/**
 * What a site's recommended questions are written from: the site's content as its anonymous
 * visitor reads it. A site's questions are the same for every visitor, so they may come only
 * from what every visitor reads: the visit of no one (no member, no share key, no visitor
 * token, no claims: the adaptive conditions as they apply to a visitor with none), so a site
 * that needs a share link or a visitor token, or is not published, gives nothing. Of what that
 * visit shows, each space's first pages in the table of contents (documents, not hidden, not
 * under a hidden page), spread across the site spaces, become numbered passages.
 */
import { pageIndexOf, type SpaceRecord, type StoredPage } from '../content';
import type { OperationContext } from '../core/context';
import { locatedSiteSpaces, type SiteRecord, visitSite } from '../publishing';
import { QUESTION_LIMITS } from './ask-limits';
import { foundPagesOf } from './found-pages';
import { type Passage, passagesOf } from './passages';

export async function siteQuestionPassages(ctx: OperationContext, site: SiteRecord): Promise<Passage[]> {
  const { visitorToken: _token, ...services } = ctx;
  const anonymous: OperationContext = { ...services, caller: null };
  const visit = await visitSite(anonymous, site, {}, { asTokenBearer: false });
  if (!visit.shown) return [];
  const spaceIds = [...new Set(locatedSiteSpaces(visit.structure).map(({ siteSpace }) => siteSpace.spaceId))];
  const records = await ctx.repos.spaces.findByIds(spaceIds);
  const spaces = spaceIds
    .map((id) => records.find((space) => space.id === id))
    .filter(
      (space): space is SpaceRecord & { revisionId: string } =>
        space !== undefined &&
        space.deletedAt === undefined &&
        space.revisionId !== undefined &&
        space.organizationId === site.organizationId,
    );
  const searched = await Promise.all(
    spaces.map(async (space) => {
      const revision = await ctx.repos.revisions.findById(space.id, space.revisionId);
      const pages = revision ? readablePages(await pageIndexOf(ctx, revision.tree)) : [];
      return { id: space.id, pages: pages.map((page) => ({ id: page.id, sections: [] })) };
    }),
  );
  return passagesOf(anonymous, foundPagesOf(searched));
}

/** The first document pages of the table of contents, in its order, none hidden or under a hidden page. */
function readablePages(index: { children: ReadonlyMap<string | null, readonly StoredPage[]> }): StoredPage[] {
  const found: StoredPage[] = [];
  const walk = (parentId: string | null) => {
    for (const page of index.children.get(parentId) ?? []) {
      if (found.length === QUESTION_LIMITS.pagesPerSpace) return;
      if (page.hidden || page.type === 'link') continue;
      if (page.type === undefined) found.push(page);
      walk(page.id);
    }
  };
  walk(null);
  return found;
}
