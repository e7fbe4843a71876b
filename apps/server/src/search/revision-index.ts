/**
 * The full-text index of one revision (MiniSearch): one entry per page, its title, headings
 * and body weighted in that order; queries run and rank as `search-hits.ts` says.
 */
import type { SearchDocument, SearchHits } from '@quire/domain';
import MiniSearch from 'minisearch';
import { entryOf, FIELDS, hitsOf, matchesOf, type PageEntry } from './search-hits';

export class RevisionIndex {
  private constructor(
    private readonly search: MiniSearch<PageEntry>,
    private readonly pages: readonly SearchDocument[],
    /** Sections indexed: the weight of this index in the cache. */
    readonly size: number,
  ) {}

  /** Indexes `documents`, yielding to the event loop between chunks (a large space takes a while). */
  static async build(documents: readonly SearchDocument[]): Promise<RevisionIndex> {
    const search = new MiniSearch<PageEntry>({ fields: [...FIELDS], storeFields: [] });
    await search.addAllAsync(
      documents.map((page, id) => entryOf(id, page)),
      { chunkSize: 500 },
    );
    const sections = documents.reduce((total, page) => total + page.sections.length, 0);
    return new RevisionIndex(search, documents, sections);
  }

  /** The pages matching `query`, best first; a page's sections and excerpts when asked for. */
  find(query: string): SearchHits {
    return hitsOf(query, matchesOf(this.search, query), (id) => this.pages[id] as SearchDocument);
  }
}
