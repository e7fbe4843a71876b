/**
 * The `ContentSearch` port over MiniSearch: one index per revision, built once (callers
 * asking while it builds share the build) and kept in a bounded LRU cache.
 */
import type { ContentSearch, SearchDocument, SearchHits } from '@quire/domain';
import { RevisionIndex } from './revision-index';
import { type CacheBounds, RevisionIndexCache } from './revision-index-cache';

/**
 * Defaults: enough revisions for the heads of an organization's many small spaces, and a
 * total of sections (the memory an index takes grows with them) for a few large ones.
 */
export const DEFAULT_SEARCH_CACHE: CacheBounds = { maxEntries: 512, maxWeight: 500_000 };

export class MiniSearchContentSearch implements ContentSearch {
  private readonly indexes: RevisionIndexCache<RevisionIndex>;

  constructor(bounds: CacheBounds = DEFAULT_SEARCH_CACHE) {
    this.indexes = new RevisionIndexCache(bounds, (index) => index.size);
  }

  async search(
    revisionId: string,
    documents: () => Promise<SearchDocument[]>,
    query: string,
  ): Promise<SearchHits> {
    const index = await this.indexOf(revisionId, documents);
    return index.find(query);
  }

  async warm(revisionId: string, documents: () => Promise<SearchDocument[]>): Promise<void> {
    await this.indexOf(revisionId, documents);
  }

  /** Revisions whose index is kept (or being built). */
  get kept(): number {
    return this.indexes.size;
  }

  private indexOf(revisionId: string, documents: () => Promise<SearchDocument[]>): Promise<RevisionIndex> {
    return this.indexes.get(revisionId, async () => RevisionIndex.build(await documents()));
  }
}
