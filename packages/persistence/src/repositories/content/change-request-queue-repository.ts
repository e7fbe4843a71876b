import type {
  ChangeRequestQueueFilter,
  ChangeRequestQueueRepository,
  ChangeRequestRecord,
  PageRequest,
  Slice,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage } from '../find-page';
import type { ChangeRequestDocument } from './change-request-repository';

/** The change requests' own collection, read across spaces (`change-request-repository.ts` writes it). */
const COLLECTION = 'changeRequests';

export const changeRequestQueueIndexes: CollectionIndexes[] = [
  defineIndexes<ChangeRequestDocument>(COLLECTION, [
    // The queue, newest first by either field, over the spaces the caller may view.
    { key: { status: 1, updatedAt: 1, _id: 1 } },
    { key: { status: 1, createdAt: 1, _id: 1 } },
  ]),
];

function toRecord({ _id, ...rest }: ChangeRequestDocument): ChangeRequestRecord {
  return { id: _id, ...rest };
}

/** The store filter: typed values in fixed fields, `$in` of typed lists only. */
function queueFilter(filter: ChangeRequestQueueFilter): Filter<ChangeRequestDocument> {
  const query: Filter<ChangeRequestDocument> = {
    spaceId: { $in: [...filter.spaceIds] },
    status: { $in: [...filter.statuses] },
  };
  if (filter.createdBy !== undefined) query.createdBy = filter.createdBy;
  if (filter.contributor !== undefined) query.contributors = filter.contributor;
  if (filter.ids !== undefined) query._id = { $in: [...filter.ids] };
  return query;
}

export class MongoChangeRequestQueueRepository implements ChangeRequestQueueRepository {
  readonly #changeRequests: StoreCollection<ChangeRequestDocument>;

  constructor(db: StoreDatabase) {
    this.#changeRequests = db.collection<ChangeRequestDocument>(COLLECTION);
  }

  list(
    filter: ChangeRequestQueueFilter,
    orderBy: 'updatedAt' | 'createdAt',
    page: PageRequest,
  ): Promise<Slice<ChangeRequestRecord>> {
    return findPage(
      this.#changeRequests,
      queueFilter(filter),
      { field: orderBy, direction: -1 },
      page,
      toRecord,
    );
  }

  count(filter: ChangeRequestQueueFilter): Promise<number> {
    return this.#changeRequests.countDocuments(queueFilter(filter));
  }
}
