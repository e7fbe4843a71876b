import {
  counterKey,
  type InsightsCommentRecord,
  type InsightsCounterQuery,
  type InsightsCounterRecord,
  type PageFeedbackRating,
  type SiteInsightsRepository,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';

const COUNTERS = 'siteInsightsCounters';
const COMMENTS = 'siteInsightsComments';

/**
 * A counter as stored: `_id` is its key (site, day, type, place, rating, position: the one
 * write of an event finds it by its primary key), the parts of the key a read filters on as
 * fields, and a null part left out, so a page view's counter is a few dozen bytes of ids.
 */
interface CounterDocument {
  _id: string;
  siteId: string;
  day: string;
  type: string;
  siteSectionId?: string;
  siteSpaceId?: string;
  spaceId?: string;
  pageId?: string;
  rating?: PageFeedbackRating;
  position?: string;
  count: number;
}

interface CommentDocument extends Omit<InsightsCommentRecord, 'id'> {
  _id: string;
}

export const siteInsightsIndexes: CollectionIndexes[] = [
  // A query's days of a site, narrowed by event type (the counters' one read); the days of
  // every site, oldest first (the purge of expired insights).
  defineIndexes<CounterDocument>(COUNTERS, [{ key: { siteId: 1, day: 1, type: 1 } }, { key: { day: 1 } }]),
  // A site's comments of a day (the cap's count), and its days newest first (the reads); the
  // days of every site (the purge).
  defineIndexes<CommentDocument>(COMMENTS, [{ key: { siteId: 1, day: -1, at: -1 } }, { key: { day: 1 } }]),
];

/** The fields of a counter besides its key and count, its null parts left out. */
function fieldsOf(counter: InsightsCounterRecord): Omit<CounterDocument, '_id' | 'count'> {
  const fields: Omit<CounterDocument, '_id' | 'count'> = {
    siteId: counter.siteId,
    day: counter.day,
    type: counter.type,
  };
  if (counter.siteSectionId !== null) fields.siteSectionId = counter.siteSectionId;
  if (counter.siteSpaceId !== null) fields.siteSpaceId = counter.siteSpaceId;
  if (counter.spaceId !== null) fields.spaceId = counter.spaceId;
  if (counter.pageId !== null) fields.pageId = counter.pageId;
  if (counter.rating !== null) fields.rating = counter.rating;
  if (counter.position !== null) fields.position = counter.position;
  return fields;
}

const toCounter = (doc: CounterDocument): InsightsCounterRecord => ({
  siteId: doc.siteId,
  day: doc.day,
  type: doc.type,
  siteSectionId: doc.siteSectionId ?? null,
  siteSpaceId: doc.siteSpaceId ?? null,
  spaceId: doc.spaceId ?? null,
  pageId: doc.pageId ?? null,
  rating: doc.rating ?? null,
  position: doc.position ?? null,
  count: doc.count,
});

const toComment = ({ _id, ...rest }: CommentDocument): InsightsCommentRecord => ({
  id: _id,
  siteId: rest.siteId,
  day: rest.day,
  at: rest.at,
  siteSectionId: rest.siteSectionId,
  siteSpaceId: rest.siteSpaceId,
  spaceId: rest.spaceId,
  pageId: rest.pageId,
  rating: rest.rating,
  comment: rest.comment,
});

export class MongoSiteInsightsRepository implements SiteInsightsRepository {
  readonly #counters: StoreCollection<CounterDocument>;
  readonly #comments: StoreCollection<CommentDocument>;

  constructor(db: StoreDatabase) {
    this.#counters = db.collection<CounterDocument>(COUNTERS);
    this.#comments = db.collection<CommentDocument>(COMMENTS);
  }

  async increment(counters: readonly InsightsCounterRecord[]): Promise<void> {
    // One atomic upsert per counter: `$inc` on the stored count, the fields set when it is made.
    await Promise.all(
      counters.map((counter) =>
        this.#counters.updateOne(
          { _id: counterKey(counter) },
          { $inc: { count: counter.count }, $setOnInsert: fieldsOf(counter) },
          { upsert: true },
        ),
      ),
    );
  }

  async counters(query: InsightsCounterQuery, limit: number): Promise<InsightsCounterRecord[]> {
    const filter: Filter<CounterDocument> = {
      siteId: query.siteId,
      day: { $gte: query.fromDay, $lte: query.toDay },
    };
    // Typed strings as field values: `$in` lists values, never operators from the request.
    if (query.types !== undefined) filter.type = { $in: [...query.types] };
    return this.#counters.find(filter, { limit }).map(toCounter).toArray();
  }

  countCommentsOfDay(siteId: string, day: string): Promise<number> {
    return this.#comments.countDocuments({ siteId, day });
  }

  async addComments(comments: readonly InsightsCommentRecord[]): Promise<void> {
    await this.#comments.insertMany(comments.map(({ id, ...rest }) => ({ _id: id, ...rest })));
  }

  comments(query: InsightsCounterQuery, limit: number): Promise<InsightsCommentRecord[]> {
    return this.#comments
      .find(
        { siteId: query.siteId, day: { $gte: query.fromDay, $lte: query.toDay } },
        { sort: { day: -1, at: -1 }, limit },
      )
      .map(toComment)
      .toArray();
  }

  deleteCountersBefore(day: string, limit: number): Promise<number> {
    return deleteBatchBefore(this.#counters, day, limit);
  }

  deleteCommentsBefore(day: string, limit: number): Promise<number> {
    return deleteBatchBefore(this.#comments, day, limit);
  }
}

/**
 * One batch of the purge: the ids of at most `limit` documents of days before `day`, oldest
 * first (the `day` index), then one delete of those ids still before `day`. Two steps, not
 * one unbounded `deleteMany`: the store holds no lock for longer than a batch.
 */
async function deleteBatchBefore<T extends { _id: string; day: string }>(
  collection: StoreCollection<T>,
  day: string,
  limit: number,
): Promise<number> {
  const before = { day: { $lt: day } } as Filter<T>;
  const ids = await collection
    .find(before, { sort: { day: 1 }, limit })
    .map((doc) => doc._id)
    .toArray();
  if (ids.length === 0) return 0;
  const { deletedCount } = await collection.deleteMany({ _id: { $in: ids }, day: { $lt: day } } as Filter<T>);
  return deletedCount;
}
