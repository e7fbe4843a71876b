/**
 * What search indexes of a revision: each page's title and path, and its sections (the text
 * before the first heading, then the text under each heading) read from the parsed markdown.
 *
 * A body's sections depend on its address only (content-addressed: one address, one text),
 * so they are kept by address across builds: indexing the revision after an edit parses the
 * edited pages only.
 */
import { markdownSections } from '@quire/documents';
import type { DomainServices } from '../../core/context';
import type { SearchDocument, SearchSection } from '../../core/ports/content-search';
import { pageIndexOf } from '../revisions/page-index';
import { loadBodies } from '../revisions/page-tree';
import type { RevisionRecord } from '../revisions/records';
import type { StoredPage } from '../revisions/stored-page';

/** Bodies whose sections are kept (most recently used). */
const KEPT_BODIES = 20_000;
const keptSections = new Map<string, ReturnType<typeof markdownSections>>();

function sectionsOfBody(address: string, markdown: string): ReturnType<typeof markdownSections> {
  const known = keptSections.get(address);
  if (known) {
    keptSections.delete(address);
    keptSections.set(address, known);
    return known;
  }
  const sections = markdownSections(markdown);
  keptSections.set(address, sections);
  if (keptSections.size > KEPT_BODIES) {
    const oldest = keptSections.keys().next().value;
    if (oldest !== undefined) keptSections.delete(oldest);
  }
  return sections;
}

/** The search documents of `revision`, one per page. */
export async function searchDocumentsOf(
  services: Pick<DomainServices, 'repos'>,
  revision: Pick<RevisionRecord, 'tree'>,
): Promise<SearchDocument[]> {
  const index = await pageIndexOf(services, revision.tree);
  const pages = [...index.pages.values()];
  const bodies = await loadBodies(
    services,
    pages.map((page) => page.body),
  );
  const documents: SearchDocument[] = [];
  for (const page of pages) {
    documents.push(documentOf(page, index.paths.get(page.id) ?? page.slug, bodies.get(page.body) ?? ''));
    // Parsing thousands of bodies takes seconds: let the requests being served go on meanwhile.
    if (documents.length % PAGES_BETWEEN_PAUSES === 0) await pause();
  }
  return documents;
}

/** Pages parsed between two turns of the event loop. */
const PAGES_BETWEEN_PAUSES = 100;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function documentOf(page: StoredPage, path: string, markdown: string): SearchDocument {
  const sections: SearchSection[] = sectionsOfBody(page.body, markdown).map(({ heading, text }) =>
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
