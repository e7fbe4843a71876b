import type {
  PageRequest,
  SiteRedirectQuery,
  SiteRedirectRecord,
  SiteRedirectRepository,
  Slice,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { translateDuplicateKey } from '../duplicate-key';
import { findPage, type PageSort } from '../find-page';
import { literalPattern } from '../literal-pattern';

const COLLECTION = 'siteRedirects';

/**
 * A redirect as stored: `_id` is its id; `changedAt` (its last change, else its creation)
 * is kept beside the record so the list by last change is one indexed sort.
 */
export interface SiteRedirectDocument extends Omit<SiteRedirectRecord, 'id'> {
  _id: string;
  changedAt: string;
}

export const siteRedirectIndexes: CollectionIndexes[] = [
  defineIndexes<SiteRedirectDocument>(COLLECTION, [
    // One live and one draft redirect per source of a site; serves resolution and the list by source.
    { key: { siteId: 1, draft: 1, source: 1 }, unique: true },
    // The lists newest first, by creation and by last change.
    { key: { siteId: 1, draft: 1, createdAt: -1, _id: -1 } },
    { key: { siteId: 1, draft: 1, changedAt: -1, _id: -1 } },
  ]),
];

const toRecord = ({ _id, changedAt: _changedAt, ...rest }: SiteRedirectDocument): SiteRedirectRecord => ({
  id: _id,
  ...rest,
});
const toDocument = ({ id, ...rest }: SiteRedirectRecord): SiteRedirectDocument => ({
  _id: id,
  ...rest,
  changedAt: rest.updatedAt ?? rest.createdAt,
});

const SORTS: Record<SiteRedirectQuery['orderBy'], PageSort> = {
  createdAt: { field: 'createdAt', direction: -1 },
  updatedAt: { field: 'changedAt', direction: -1 },
  source: { field: 'source', direction: 1 },
};

const TAKEN = 'This site already has a redirect from this source (live or draft, as asked)';

export class MongoSiteRedirectRepository implements SiteRedirectRepository {
  readonly #redirects: StoreCollection<SiteRedirectDocument>;

  constructor(db: StoreDatabase) {
    this.#redirects = db.collection<SiteRedirectDocument>(COLLECTION);
  }

  async findById(siteId: string, id: string): Promise<SiteRedirectRecord | null> {
    const doc = await this.#redirects.findOne({ _id: id, siteId });
    return doc ? toRecord(doc) : null;
  }

  async findBySources(
    siteId: string,
    draft: boolean,
    sources: readonly string[],
  ): Promise<SiteRedirectRecord[]> {
    // Typed strings as field values: `$in` lists values, never operators from the request.
    const docs = await this.#redirects.find({ siteId, draft, source: { $in: [...sources] } }).toArray();
    return docs.map(toRecord);
  }

  #filter(query: SiteRedirectQuery): Filter<SiteRedirectDocument> {
    const filter: Filter<SiteRedirectDocument> = { siteId: query.siteId, draft: query.draft };
    if (query.search !== undefined) filter.source = { $regex: literalPattern(query.search), $options: 'i' };
    return filter;
  }

  list(query: SiteRedirectQuery, page: PageRequest): Promise<Slice<SiteRedirectRecord>> {
    return findPage(this.#redirects, this.#filter(query), SORTS[query.orderBy], page, toRecord);
  }

  count(query: SiteRedirectQuery): Promise<number> {
    return this.#redirects.countDocuments(this.#filter(query));
  }

  countOfSite(siteId: string): Promise<number> {
    return this.#redirects.countDocuments({ siteId });
  }

  async insert(redirect: SiteRedirectRecord): Promise<void> {
    await translateDuplicateKey(() => this.#redirects.insertOne(toDocument(redirect)), TAKEN);
  }

  async replace(redirect: SiteRedirectRecord): Promise<boolean> {
    const result = await translateDuplicateKey(
      () => this.#redirects.replaceOne({ _id: redirect.id, siteId: redirect.siteId }, toDocument(redirect)),
      TAKEN,
    );
    return result.matchedCount === 1;
  }

  async delete(siteId: string, id: string): Promise<boolean> {
    const result = await this.#redirects.deleteOne({ _id: id, siteId });
    return result.deletedCount === 1;
  }
}
