/**
 * What search indexes of a revision: each page's title and path, and its sections (the text
 * before the first heading, then the text under each heading), from the bodies' stored
 * outlines (`outlinesOf`: a body is parsed once, ever, not once per index built).
 *
 * The text inside `if` blocks (GitBook's conditional content: shown only to visitors whose
 * claims make its condition true) is kept apart in the outlines, tagged with its conditions,
 * and indexed only as a view asks (`ConditionalView`): by default none of it (what every
 * reader of the page reads: the index a site's search and the background warm-up build), all
 * of it for members (who read every branch), and for a site API token's visitor the text
 * whose conditions all hold for the token's claims (`searchViewOf`, the reader's condition
 * evaluator through `ctx.visitorConditions`). Each view is its own index: a visitor's hits and
 * excerpts come only from text that visitor may read.
 *
 * A published site's visitors (a site's search, a site API token's) search only the pages the
 * site lists (`SearchedPages`): a hidden page and the pages under it are left out of the
 * documents, not filtered from the hits, so they weigh on no visitor's ranking and no query's
 * fallback from all its words to any of them.
 */

import type { ConditionalText } from '@quire/documents';
import type { OutlineObject, RevisionRecord, StoredPage } from '../content';
import { outlinesOf, pageIndexOf, pageTypeOf, unlistedPageIds } from '../content';
import type { DomainServices, OperationContext } from '../core/context';
import { LoadedValues } from '../core/loaded-values';
import { admitConditionView } from './condition-views';
import type { SearchDocument, SearchSection } from './content-search';

/**
 * Which text inside `if` blocks the documents hold: `none` (only the text outside them),
 * `all`, or the text whose every condition `holds`.
 */
export type ConditionalView = 'none' | 'all' | ((expression: string) => boolean);

/**
 * Which pages the documents hold: `every` one (members'), or those a published site `listed`
 * (its visitors': no hidden page, nothing under one; `unlistedPageIds`).
 */
export type SearchedPages = 'every' | 'listed';

type Services = Pick<DomainServices, 'repos'>;

/**
 * The search documents of `revision`, one per page (of `pages`), with the conditional text
 * `view` opens.
 */
export async function searchDocumentsOf(
  services: Services,
  revision: Pick<RevisionRecord, 'tree'> & { id?: string },
  view: ConditionalView = 'none',
  pages: SearchedPages = 'every',
): Promise<SearchDocument[]> {
  const index = await pageIndexOf(services, revision.tree);
  const unlisted = pages === 'listed' ? unlistedPageIds(index) : undefined;
  // A group or a link page has no text of its own: not a search result (GitBook's search has none).
  const documentPages = [...index.pages.values()].filter(
    (page) => pageTypeOf(page) === 'document' && !unlisted?.has(page.id),
  );
  const outlines = await outlinesOf(
    services,
    documentPages.map((page) => page.body),
  );
  // The revision's conditions are known now (of every page: a view never depends on which
  // pages a search lists): a search after the warm-up need not read them again.
  if (revision.id !== undefined && unlisted === undefined && keptConditions.peek(revision.id) === undefined)
    keptConditions.set(revision.id, conditionsIn(outlines.values()));
  return documentPages.map((page) =>
    documentOf(page, index.paths.get(page.id) ?? page.slug, outlines.get(page.body), view),
  );
}

function documentOf(
  page: StoredPage,
  path: string,
  outline: OutlineObject | undefined,
  view: ConditionalView,
): SearchDocument {
  const opened = (outline?.conditional ?? []).filter((part) => opens(view, part));
  const sectionOf = (anchor: string | null, title: string, text: string): SearchSection =>
    anchor === null
      ? { id: page.id, title: page.title, path, text, leading: true }
      : { id: anchor, title, path: path + '#' + anchor, text, leading: false };
  const withParts = (anchor: string | null, text: string): string =>
    [text, ...opened.filter((part) => part.section === anchor && part.title === undefined).map((p) => p.text)]
      .filter((part) => part !== '')
      .join('\n');
  const sections: SearchSection[] = (outline?.sections ?? []).map(({ heading, text }) =>
    sectionOf(
      heading?.anchor ?? null,
      heading?.title ?? page.title,
      withParts(heading?.anchor ?? null, text),
    ),
  );
  // Sections of their own inside `if` blocks (a tab in one): there only when their conditions hold.
  for (const part of opened)
    if (part.title !== undefined)
      sections.push(sectionOf(part.section, part.title, withParts(part.section, part.text)));
  return { pageId: page.id, title: page.title, path, sections };
}

const opens = (view: ConditionalView, part: ConditionalText): boolean =>
  view === 'all' ? true : view === 'none' ? false : part.conditions.every((condition) => view(condition));

/**
 * The search documents of revision `revisionId` of `spaceId` (the background warm-up's
 * builder, and a site's search's: no conditional text unless `view` asks, every page unless
 * `pages` says `listed`).
 */
export async function searchDocumentsOfRevision(
  services: Services,
  spaceId: string,
  revisionId: string,
  view: ConditionalView = 'none',
  pages: SearchedPages = 'every',
): Promise<SearchDocument[]> {
  const revision = await services.repos.revisions.findById(spaceId, revisionId);
  if (!revision) throw new Error(`revision ${revisionId} of space ${spaceId} is missing`);
  return searchDocumentsOf(services, revision, view, pages);
}

/** Revisions whose conditions are kept (a revision's never change: it is immutable). */
const KEPT_CONDITIONS = 1_000;
const keptConditions = new LoadedValues<string, readonly string[]>(KEPT_CONDITIONS);

/** The distinct conditions of the `if` blocks of a revision's pages (read once per revision). */
export function conditionsOfRevision(
  services: Services,
  revision: Pick<RevisionRecord, 'id' | 'tree'>,
): Promise<readonly string[]> {
  return keptConditions.get(revision.id, () => readConditions(services, revision));
}

async function readConditions(services: Services, revision: Pick<RevisionRecord, 'tree'>): Promise<string[]> {
  const index = await pageIndexOf(services, revision.tree);
  const pages = [...index.pages.values()].filter((page) => pageTypeOf(page) === 'document');
  const outlines = await outlinesOf(
    services,
    pages.map((page) => page.body),
  );
  return conditionsIn(outlines.values());
}

function conditionsIn(outlines: Iterable<OutlineObject>): string[] {
  const conditions = new Set<string>();
  for (const outline of outlines)
    for (const part of outline.conditional ?? [])
      for (const condition of part.conditions) conditions.add(condition);
  return [...conditions].sort();
}

/** What a caller's search of a revision reads: the index's key, and how its documents are built. */
export interface SearchView {
  /** The revision's id when the view holds every page and no conditional text (the index everyone else shares). */
  key: string;
  documents: () => Promise<SearchDocument[]>;
}

/**
 * The view of `revision` the caller searches: a site API token's visitor the pages the site
 * lists (no hidden page, nothing under one) with the text outside `if` blocks plus that of the
 * blocks whose conditions hold for the token's claims (an index per set of conditions that
 * hold); anyone else (members, who read every page and every branch) all of it. A revision
 * without `if` blocks and with no hidden page, searched by a visitor none of whose conditions
 * hold, is the revision's plain index (key: its id), the one the warm-up builds.
 */
export async function searchViewOf(
  ctx: OperationContext,
  revision: Pick<RevisionRecord, 'id' | 'tree'>,
): Promise<SearchView> {
  const conditions = await conditionsOfRevision(ctx, revision);
  const grant = ctx.caller?.site;
  if (grant === undefined)
    return conditions.length === 0
      ? { key: revision.id, documents: () => searchDocumentsOf(ctx, revision) }
      : { key: `${revision.id}\u0000if:all`, documents: () => searchDocumentsOf(ctx, revision, 'all') };
  const hidesPages = unlistedPageIds(await pageIndexOf(ctx, revision.tree)).size > 0;
  const pages: SearchedPages = hidesPages ? 'listed' : 'every';
  const listedKey = hidesPages ? `${revision.id}\u0000listed` : revision.id;
  const holding = new Set(
    conditions.filter((condition) => ctx.visitorConditions?.holds(condition, grant.claims ?? {}) ?? false),
  );
  if (holding.size === 0)
    return { key: listedKey, documents: () => searchDocumentsOf(ctx, revision, 'none', pages) };
  const key = `${listedKey}\u0000if:${[...holding].join('\u0000')}`;
  // At most `MAX_CONDITION_VIEWS` such indexes of the revision are kept (`condition-views.ts`).
  admitConditionView(ctx, listedKey, key);
  return {
    key,
    documents: () => searchDocumentsOf(ctx, revision, (condition) => holding.has(condition), pages),
  };
}

/** What a site's search reads of its spaces: the conditional text a visitor's claims open. */
export interface SiteSearchView {
  /** Names the set of conditions that hold ('' when none does: the site's plain index). */
  key: string;
  view: ConditionalView;
}

/**
 * The view of a site's spaces (their current revisions) that the caller searches: a site API
 * token's visitor, the text of the `if` blocks whose conditions hold for the token's claims (one
 * index per set of conditions that hold, as `searchViewOf`); anyone else, none of it (the site's
 * search is what its visitors are shown: members search every branch through the space's and
 * the organization's searches).
 */
export async function siteSearchViewOf(
  ctx: OperationContext,
  spaces: readonly { spaceId: string; revisionId: string }[],
): Promise<SiteSearchView> {
  const grant = ctx.caller?.site;
  if (grant === undefined) return { key: '', view: 'none' };
  const conditions = new Set<string>();
  for (const { spaceId, revisionId } of spaces) {
    const revision = await ctx.repos.revisions.findById(spaceId, revisionId);
    if (revision)
      for (const condition of await conditionsOfRevision(ctx, revision)) conditions.add(condition);
  }
  const holding = [...conditions]
    .filter((condition) => ctx.visitorConditions?.holds(condition, grant.claims ?? {}) ?? false)
    .sort();
  if (holding.length === 0) return { key: '', view: 'none' };
  const open = new Set(holding);
  return { key: `\u0000if:${holding.join('\u0000')}`, view: (condition) => open.has(condition) };
}
