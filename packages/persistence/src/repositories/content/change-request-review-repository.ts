import type { ChangeRequestReviewRecord, ChangeRequestReviewRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';

const COLLECTION = 'changeRequestReviews';

/** A review as stored: the record with its id as `_id`; written once, never changed. */
interface ReviewDocument extends Omit<ChangeRequestReviewRecord, 'id'> {
  _id: string;
}

export const changeRequestReviewIndexes: CollectionIndexes[] = [
  defineIndexes<ReviewDocument>(COLLECTION, [
    // A change request's reviews, newest first (ids are time-ordered).
    { key: { changeRequestId: 1, _id: 1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: ReviewDocument): ChangeRequestReviewRecord => ({ id: _id, ...rest });

export class MongoChangeRequestReviewRepository implements ChangeRequestReviewRepository {
  readonly #reviews: StoreCollection<ReviewDocument>;

  constructor(db: StoreDatabase) {
    this.#reviews = db.collection<ReviewDocument>(COLLECTION);
  }

  async insert({ id, ...rest }: ChangeRequestReviewRecord): Promise<void> {
    // One write: the review is its whole effect (whether it counts is derived when read).
    await this.#reviews.insertOne({ _id: id, ...rest });
  }

  async findById(changeRequestId: string, id: string): Promise<ChangeRequestReviewRecord | null> {
    const doc = await this.#reviews.findOne({ _id: id, changeRequestId });
    return doc ? toRecord(doc) : null;
  }

  async listOf(changeRequestId: string, limit: number): Promise<ChangeRequestReviewRecord[]> {
    const newest = await this.#reviews.find({ changeRequestId }, { sort: { _id: -1 }, limit }).toArray();
    return newest.reverse().map(toRecord);
  }
}
