/**
 * Full-text search of a revision's content. Revisions are immutable, so the index of one is
 * never stale: an implementation builds it once (from the documents the domain hands it),
 * keeps recent ones, and answers ranked hits. It holds no permission: the operations decide
 * which revisions a caller may search, on every request.
 */

/** One section of a page as search sees it: the text under one heading. */
export interface SearchSection {
  /** The heading's anchor; the page id for the text before the first heading. */
  id: string;
  /** The heading's text; the page title for the text before the first heading. */
  title: string;
  /** `<page path>#<anchor>`; the page path for the text before the first heading. */
  path: string;
  /** Readable text, no formatting syntax. */
  text: string;
  /** True for the text before the first heading (it carries the page title). */
  leading: boolean;
}

/** One page of a revision, as indexed. */
export interface SearchDocument {
  pageId: string;
  title: string;
  path: string;
  sections: SearchSection[];
}

/** A section that matched, with an excerpt of its text around the first match. */
export interface SectionHit {
  id: string;
  title: string;
  path: string;
  excerpt: string;
}

/** A page that matched, with its matching sections. */
export interface PageHit {
  pageId: string;
  title: string;
  path: string;
  sections: SectionHit[];
}

/** The pages that matched a query, ranked; the details of a page are read on demand. */
export interface SearchHits {
  /** Matching pages, best first (ties by page id), with their relevance (higher is better). */
  ranked: ReadonlyArray<{ pageId: string; score: number }>;
  /**
   * A page of `ranked` with its sections and their excerpts: computed for the pages a
   * response shows only, since a common word matches every page of a large space.
   */
  page(pageId: string): PageHit;
}

/** One revision of a search across several: a space's current content. */
export interface SearchedRevision {
  /** What the revision stands for among the others (a space's id): one revision per key. */
  key: string;
  revisionId: string;
  /** What to index of it, when the implementation has not indexed it yet. */
  documents: () => Promise<SearchDocument[]>;
}

export interface ContentSearch {
  /**
   * The pages of revision `revisionId` matching `query`. `documents` builds what to index;
   * it is called only when no index of the revision is kept, once however many callers ask
   * at the same time.
   */
  search(revisionId: string, documents: () => Promise<SearchDocument[]>, query: string): Promise<SearchHits>;
  /**
   * The pages of several revisions (an organization's spaces) matching `query`, by key (a key
   * with no hit is absent), their scores comparable across keys. `collection` names the set
   * (an organization): an implementation may keep one index for it, brought up to the
   * revisions asked for on each call; hits come from those revisions only, whatever else the
   * collection's index holds (other callers' spaces, older revisions).
   */
  searchMany(
    collection: string,
    revisions: readonly SearchedRevision[],
    query: string,
  ): Promise<Map<string, SearchHits>>;
  /** Builds the index of `revisionId` ahead of the first search, if it is not kept already. */
  warm(revisionId: string, documents: () => Promise<SearchDocument[]>): Promise<void>;
  /**
   * Drops the index kept under `key` (a revision's, as `search` names it, or a collection's, as
   * `searchMany` does), if any: a view no visitor is to search any more (`condition-views.ts`).
   */
  forget(key: string): void;
}

declare module '../core/context' {
  interface AreaPorts {
    /** Full-text indexes of revisions, built once each and kept while recent. */
    contentSearch: ContentSearch;
  }
}
