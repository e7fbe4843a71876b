/**
 * The `ContentSearch` port over MiniSearch: one index per revision, built once (callers
 * asking while it builds share the build) and kept in a bounded LRU cache; and one index per
 * collection (an organization's spaces, `CollectionIndex`), kept in another.
 */
import {
  BoundedCache,
  type ContentSearch,
  type SearchDocument,
  type SearchedRevision,
  type SearchHits,
} from '@quire/domain';
import { CollectionIndex } from './collection-index';
import { RevisionIndex } from './revision-index';
import { type CacheBounds, RevisionIndexCache } from './revision-index-cache';

/**
 * Defaults: enough revisions for the heads of an organization's many small spaces, and a
 * total of sections (the memory an index takes grows with them) for a few large ones.
 */
export const DEFAULT_SEARCH_CACHE: CacheBounds = { maxEntries: 512, maxWeight: 500_000 };

/** Collections kept: a few dozen organizations, up to this many pages in all. */
const COLLECTIONS_KEPT = { maxEntries: 32, maxWeight: 400_000 };

export class MiniSearchContentSearch implements ContentSearch {
  private readonly indexes: RevisionIndexCache<RevisionIndex>;
  private readonly collections = new BoundedCache<string, CollectionIndex>({
    ...COLLECTIONS_KEPT,
    weigh: (index) => index.size,
  });

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

  async searchMany(
    collection: string,
    revisions: readonly SearchedRevision[],
    query: string,
  ): Promise<Map<string, SearchHits>> {
    const index = this.collections.get(collection) ?? new CollectionIndex();
    this.collections.set(collection, index);
    const hits = await index.find(revisions, query);
    // Set again: its weight (pages indexed) may have changed.
    if (this.collections.peek(collection) === index) this.collections.set(collection, index);
    return hits;
  }

  async warm(revisionId: string, documents: () => Promise<SearchDocument[]>): Promise<void> {
    await this.indexOf(revisionId, documents);
  }

  forget(key: string): void {
    this.indexes.delete(key);
    this.collections.delete(key);
  }

  /** Revisions whose index is kept (or being built). */
  get kept(): number {
    return this.indexes.size;
  }

  /** Collections whose index is kept. */
  get collectionsKept(): number {
    return this.collections.size;
  }

  private indexOf(revisionId: string, documents: () => Promise<SearchDocument[]>): Promise<RevisionIndex> {
    return this.indexes.get(revisionId, async () => RevisionIndex.build(await documents()));
  }
}
