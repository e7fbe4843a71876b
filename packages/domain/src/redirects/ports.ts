import type { PageRequest, Slice } from '../core/paging';
import type { SiteRedirectRecord } from './records';

export type SiteRedirectOrder = 'createdAt' | 'updatedAt' | 'source';

/** Which redirects of a site a list reads. */
export interface SiteRedirectQuery {
  siteId: string;
  draft: boolean;
  /** Text the source contains, matched literally and without regard to case. */
  search?: string | undefined;
  /** Newest created first, newest changed first (never changed: by creation), or by source. */
  orderBy: SiteRedirectOrder;
}

export interface SiteRedirectRepository {
  findById(siteId: string, id: string): Promise<SiteRedirectRecord | null>;
  /** The redirects of a site whose source is one of `sources` (live ones, or drafts). */
  findBySources(siteId: string, draft: boolean, sources: readonly string[]): Promise<SiteRedirectRecord[]>;
  list(query: SiteRedirectQuery, page: PageRequest): Promise<Slice<SiteRedirectRecord>>;
  count(query: SiteRedirectQuery): Promise<number>;
  /** Every redirect of a site, live and draft (the per-site cap counts them). */
  countOfSite(siteId: string): Promise<number>;
  /** Throws a conflict when the site already has a redirect of this source and draft state. */
  insert(redirect: SiteRedirectRecord): Promise<void>;
  /** False when the redirect is gone; throws a conflict like `insert` when its new source is taken. */
  replace(redirect: SiteRedirectRecord): Promise<boolean>;
  /** True when a redirect was deleted. */
  delete(siteId: string, id: string): Promise<boolean>;
}
