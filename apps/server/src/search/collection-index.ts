/**
 * One index over the current content of many spaces (an organization's): a query runs once,
 * not once per space (the fixed cost of a query, its term lookups and typo expansion, paid
 * 200 times was most of an organization search), and scores are comparable across spaces
 * (one corpus, one idea of how rare a word is).
 *
 * The index is brought up to the revisions a search names before it runs: a space whose
 * revision changed has its old pages discarded and its new ones added (a 100-page space
 * costs a few ms), so results are never stale. Searches and updates of one index run one
 * after the other (an update awaits the store; two interleaved would add a space twice).
 * What the index holds beyond the revisions asked for (spaces another caller can see, or
 * that were deleted) is filtered out of the results, never shown.
 */
import type { SearchDocument, SearchedRevision, SearchHits } from '@quire/domain';
import MiniSearch, { type SearchResult } from 'minisearch';
import { entryOf, FIELDS, hitsOf, matchesOf, type PageEntry } from './search-hits';

interface IndexedPage {
  key: string;
  page: SearchDocument;
}

export class CollectionIndex {
  private readonly search = new MiniSearch<PageEntry>({ fields: [...FIELDS], storeFields: [] });
  private readonly pages = new Map<number, IndexedPage>();
  /** Per key, the revision indexed and its entries' ids. */
  private readonly indexed = new Map<string, { revisionId: string; ids: number[] }>();
  private nextId = 0;
  private queue: Promise<unknown> = Promise.resolve();

  /** Pages indexed: the weight of this index in a cache. */
  get size(): number {
    return this.pages.size;
  }

  /** The hits of `query` in `revisions`, by key, once the index holds exactly those revisions of them. */
  find(revisions: readonly SearchedRevision[], query: string): Promise<Map<string, SearchHits>> {
    const run = this.queue.then(async () => {
      await this.update(revisions);
      return this.findNow(revisions, query);
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async update(revisions: readonly SearchedRevision[]): Promise<void> {
    const changed = revisions.filter(
      (revision) => this.indexed.get(revision.key)?.revisionId !== revision.revisionId,
    );
    const documents = await Promise.all(changed.map((revision) => revision.documents()));
    for (const [i, revision] of changed.entries()) {
      const before = this.indexed.get(revision.key);
      for (const id of before?.ids ?? []) {
        this.search.discard(id);
        this.pages.delete(id);
      }
      const entries = (documents[i] ?? []).map((page) => {
        const id = this.nextId++;
        this.pages.set(id, { key: revision.key, page });
        return entryOf(id, page);
      });
      // In chunks: the first search of a large organization indexes thousands of pages.
      await this.search.addAllAsync(entries, { chunkSize: 500 });
      this.indexed.set(revision.key, {
        revisionId: revision.revisionId,
        ids: entries.map((entry) => entry.id),
      });
    }
  }

  private findNow(revisions: readonly SearchedRevision[], query: string): Map<string, SearchHits> {
    const asked = new Set(revisions.map((revision) => revision.key));
    const byKey = new Map<string, SearchResult[]>();
    const results = matchesOf(this.search, query, (result) => {
      const indexed = this.pages.get(result.id as number);
      return indexed !== undefined && asked.has(indexed.key);
    });
    for (const result of results) {
      const key = (this.pages.get(result.id as number) as IndexedPage).key;
      const ofKey = byKey.get(key);
      if (ofKey) ofKey.push(result);
      else byKey.set(key, [result]);
    }
    const pageOf = (id: number) => (this.pages.get(id) as IndexedPage).page;
    return new Map([...byKey].map(([key, ofKey]) => [key, hitsOf(query, ofKey, pageOf)]));
  }
}
