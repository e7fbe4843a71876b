import {
  type ChangeRequestCounter,
  type ChangeRequestCounterMoves,
  type ChangeRequestExpectation,
  type ChangeRequestFilter,
  type ChangeRequestRecord,
  type ChangeRequestRepository,
  type ChangeRequestUpdate,
  changeRequestCounterMoves,
  type PageRequest,
  type Slice,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage } from '../find-page';

const COLLECTION = 'changeRequests';
/**
 * One document per space that has had a change request: `{_id: spaceId, last}`, the last
 * number given out. `$inc` on one document is atomic on both engines, so two creates at the
 * same moment read two different numbers.
 */
const NUMBERS = 'changeRequestNumbers';
/** The space records, whose `counters` follow the change requests (see the port). */
const SPACES = 'spaces';

interface NumberDocument {
  _id: string;
  last: number;
}

/** A change request as stored: the record with its id as `_id`. */
export interface ChangeRequestDocument extends Omit<ChangeRequestRecord, 'id'> {
  _id: string;
}

/** The part of a space document this repository writes. */
interface SpaceCountersDocument {
  _id: string;
  counters: Record<ChangeRequestCounter, number>;
}

/** Each counter's field in a space document. */
const COUNTER_FIELDS: Record<ChangeRequestCounter, string> = {
  changeRequests: 'counters.changeRequests',
  changeRequestsOpen: 'counters.changeRequestsOpen',
  changeRequestsDraft: 'counters.changeRequestsDraft',
};

export const changeRequestIndexes: CollectionIndexes[] = [
  defineIndexes<ChangeRequestDocument>(COLLECTION, [
    // A number names one change request of a space (and is how paths address it).
    { key: { spaceId: 1, number: 1 }, unique: true },
    // The lists of one status, newest first: equality on both, then a range on `_id`.
    { key: { spaceId: 1, status: 1, _id: 1 } },
    // The contributor filter (one key per contributor), then the status and the id.
    { key: { spaceId: 1, contributors: 1, status: 1, _id: 1 } },
    // Every change request of a space (the startup recount, lists without a status).
    { key: { spaceId: 1, _id: 1 } },
  ]),
];

function toRecord({ _id, ...rest }: ChangeRequestDocument): ChangeRequestRecord {
  return { id: _id, ...rest };
}

const toDocument = ({ id, ...rest }: ChangeRequestRecord): ChangeRequestDocument => ({ _id: id, ...rest });

/** The store filter of a list: typed values in fixed fields, never an operator from a request. */
function listFilter(spaceId: string, filter: ChangeRequestFilter): Filter<ChangeRequestDocument> {
  const query: Filter<ChangeRequestDocument> = { spaceId };
  if (filter.contributor !== undefined) query.contributors = filter.contributor;
  if (filter.status !== undefined) query.status = filter.status;
  return query;
}

export class MongoChangeRequestRepository implements ChangeRequestRepository {
  readonly #changeRequests: StoreCollection<ChangeRequestDocument>;
  readonly #numbers: StoreCollection<NumberDocument>;
  readonly #spaces: StoreCollection<SpaceCountersDocument>;

  constructor(db: StoreDatabase) {
    this.#changeRequests = db.collection<ChangeRequestDocument>(COLLECTION);
    this.#numbers = db.collection<NumberDocument>(NUMBERS);
    this.#spaces = db.collection<SpaceCountersDocument>(SPACES);
  }

  /** Moves the space's counters, after the change request itself was written. */
  async #moveCounters(spaceId: string, moves: ChangeRequestCounterMoves): Promise<void> {
    const inc: Record<string, number> = {};
    for (const [counter, by] of Object.entries(moves) as Array<[ChangeRequestCounter, number]>) {
      if (by !== 0) inc[COUNTER_FIELDS[counter]] = by;
    }
    if (Object.keys(inc).length === 0) return;
    await this.#spaces.updateOne({ _id: spaceId }, { $inc: inc });
  }

  async nextNumber(spaceId: string): Promise<number> {
    const doc = await this.#numbers.findOneAndUpdate(
      { _id: spaceId },
      { $inc: { last: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    if (!doc) throw new Error('change request numbers: the counter was not written');
    return doc.last;
  }

  async insert(changeRequest: ChangeRequestRecord): Promise<void> {
    await this.#changeRequests.insertOne(toDocument(changeRequest));
    await this.#moveCounters(changeRequest.spaceId, changeRequestCounterMoves(null, changeRequest.status));
  }

  async findById(id: string): Promise<ChangeRequestRecord | null> {
    const doc = await this.#changeRequests.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findByNumber(spaceId: string, number: number): Promise<ChangeRequestRecord | null> {
    const doc = await this.#changeRequests.findOne({ spaceId, number });
    return doc ? toRecord(doc) : null;
  }

  list(spaceId: string, filter: ChangeRequestFilter, page: PageRequest): Promise<Slice<ChangeRequestRecord>> {
    return findPage(this.#changeRequests, listFilter(spaceId, filter), { direction: -1 }, page, toRecord);
  }

  count(spaceId: string, filter: ChangeRequestFilter): Promise<number> {
    return this.#changeRequests.countDocuments(listFilter(spaceId, filter));
  }

  async update(
    id: string,
    expected: ChangeRequestExpectation,
    set: ChangeRequestUpdate,
    updatedAt: string,
    contributor?: string,
  ): Promise<ChangeRequestRecord | null> {
    const filter: Filter<ChangeRequestDocument> = { _id: id, status: expected.status };
    if (expected.revision !== undefined) filter.revision = expected.revision;
    const doc = await this.#changeRequests.findOneAndUpdate(
      filter,
      {
        $set: { ...set, updatedAt },
        ...(contributor !== undefined ? { $addToSet: { contributors: contributor } } : {}),
      },
      { returnDocument: 'after' },
    );
    if (!doc) return null;
    if (doc.status !== expected.status)
      await this.#moveCounters(doc.spaceId, changeRequestCounterMoves(expected.status, doc.status));
    return toRecord(doc);
  }
}
