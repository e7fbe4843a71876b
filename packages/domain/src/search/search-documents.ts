/**
 * What search indexes of a revision: each page's title and path, and its sections (the text
 * before the first heading, then the text under each heading), from the bodies' stored
 * outlines (`outlinesOf`: a body is parsed once, ever, not once per index built).
 */

import type { OutlineObject, RevisionRecord, StoredPage } from '../content';
import { outlinesOf, pageIndexOf, pageTypeOf } from '../content';
import type { DomainServices } from '../core/context';
import type { SearchDocument, SearchSection } from './content-search';

/** The search documents of `revision`, one per page. */
export async function searchDocumentsOf(
  services: Pick<DomainServices, 'repos'>,
  revision: Pick<RevisionRecord, 'tree'>,
): Promise<SearchDocument[]> {
  const index = await pageIndexOf(services, revision.tree);
  // A group or a link page has no text of its own: not a search result (GitBook's search has none).
  const pages = [...index.pages.values()].filter((page) => pageTypeOf(page) === 'document');
  const outlines = await outlinesOf(
    services,
    pages.map((page) => page.body),
  );
  return pages.map((page) =>
    documentOf(page, index.paths.get(page.id) ?? page.slug, outlines.get(page.body)?.sections ?? []),
  );
}

function documentOf(page: StoredPage, path: string, outline: OutlineObject['sections']): SearchDocument {
  const sections: SearchSection[] = outline.map(({ heading, text }) =>
    heading === null
      ? { id: page.id, title: page.title, path, text, leading: true }
      : { id: heading.anchor, title: heading.title, path: path + '#' + heading.anchor, text, leading: false },
  );
  return { pageId: page.id, title: page.title, path, sections };
}

/** The search documents of revision `revisionId` of `spaceId` (the background warm-up's builder). */
export async function searchDocumentsOfRevision(
  services: Pick<DomainServices, 'repos'>,
  spaceId: string,
  revisionId: string,
): Promise<SearchDocument[]> {
  const revision = await services.repos.revisions.findById(spaceId, revisionId);
  if (!revision) throw new Error(`revision ${revisionId} of space ${spaceId} is missing`);
  return searchDocumentsOf(services, revision);
}
