import type { ChangeRequestReviewerRepository, RequestedReviewerRecord } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';

const COLLECTION = 'changeRequestReviewers';

/** A request as stored: `_id` is the change request and the person, so each is asked once. */
interface ReviewerDocument extends RequestedReviewerRecord {
  _id: string;
}

export const changeRequestReviewerIndexes: CollectionIndexes[] = [
  defineIndexes<ReviewerDocument>(COLLECTION, [
    // A change request's requested reviewers.
    { key: { changeRequestId: 1, userId: 1 } },
    // What a person is asked to review ("needs my review").
    { key: { userId: 1, spaceId: 1, changeRequestId: 1 } },
  ]),
];

const idOf = (changeRequestId: string, userId: string): string => `${changeRequestId}/${userId}`;
const toRecord = ({ _id, ...record }: ReviewerDocument): RequestedReviewerRecord => record;

export class MongoChangeRequestReviewerRepository implements ChangeRequestReviewerRepository {
  readonly #reviewers: StoreCollection<ReviewerDocument>;

  constructor(db: StoreDatabase) {
    this.#reviewers = db.collection<ReviewerDocument>(COLLECTION);
  }

  async put(reviewers: readonly RequestedReviewerRecord[]): Promise<void> {
    // One document per person: a crash part-way leaves some asked, and asking again is the same.
    for (const reviewer of reviewers) {
      const _id = idOf(reviewer.changeRequestId, reviewer.userId);
      await this.#reviewers.replaceOne({ _id }, { _id, ...reviewer }, { upsert: true });
    }
  }

  async find(changeRequestId: string, userId: string): Promise<RequestedReviewerRecord | null> {
    const doc = await this.#reviewers.findOne({ _id: idOf(changeRequestId, userId) });
    return doc ? toRecord(doc) : null;
  }

  async listOf(changeRequestId: string, limit: number): Promise<RequestedReviewerRecord[]> {
    const docs = await this.#reviewers
      .find({ changeRequestId }, { sort: { createdAt: 1, _id: 1 }, limit })
      .toArray();
    return docs.map(toRecord);
  }

  async remove(changeRequestId: string, userId: string): Promise<boolean> {
    const result = await this.#reviewers.deleteOne({ _id: idOf(changeRequestId, userId) });
    return result.deletedCount > 0;
  }

  async changeRequestsOf(userId: string, spaceIds: readonly string[], limit: number): Promise<string[]> {
    // Typed strings as field values: `$in` lists values, never operators from the request.
    const docs = await this.#reviewers
      .find({ userId, spaceId: { $in: [...spaceIds] } }, { projection: { changeRequestId: 1 }, limit })
      .toArray();
    return docs.map((doc) => doc.changeRequestId);
  }
}
