import type {
  AuditEventQuery,
  AuditEventRecord,
  AuditEventRepository,
  PageRequest,
  Slice,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage, type PageSort } from '../find-page';

export const AUDIT_EVENTS_COLLECTION = 'auditEvents';

/** An event as stored: `_id` is its id. Written only with the change it records (`audit-trail.ts`). */
export interface AuditEventDocument extends Omit<AuditEventRecord, 'id'> {
  _id: string;
}

export const auditEventIndexes: CollectionIndexes[] = [
  defineIndexes<AuditEventDocument>(AUDIT_EVENTS_COLLECTION, [
    // The list, newest first: a page is one range of this index however long the log.
    { key: { organizationId: 1, occurredAt: -1, _id: -1 } },
    // The list narrowed to one action, actor or target, as cheap.
    { key: { organizationId: 1, action: 1, occurredAt: -1, _id: -1 } },
    { key: { organizationId: 1, 'actor.id': 1, occurredAt: -1, _id: -1 } },
    { key: { organizationId: 1, 'target.id': 1, occurredAt: -1, _id: -1 } },
    // The retention purge, oldest first across organizations.
    { key: { occurredAt: 1 } },
  ]),
];

export const auditEventToDocument = ({ id, ...rest }: AuditEventRecord): AuditEventDocument => ({
  _id: id,
  ...rest,
});

const toRecord = ({ _id, ...rest }: AuditEventDocument): AuditEventRecord => ({ id: _id, ...rest });

const NEWEST_FIRST: PageSort = { field: 'occurredAt', direction: -1 };

export class StoredAuditEventRepository implements AuditEventRepository {
  readonly #events: StoreCollection<AuditEventDocument>;

  constructor(db: StoreDatabase) {
    this.#events = db.collection<AuditEventDocument>(AUDIT_EVENTS_COLLECTION);
  }

  async findById(organizationId: string, id: string): Promise<AuditEventRecord | null> {
    const doc = await this.#events.findOne({ _id: id, organizationId });
    return doc ? toRecord(doc) : null;
  }

  list(query: AuditEventQuery, page: PageRequest): Promise<Slice<AuditEventRecord>> {
    return findPage(this.#events, filterOf(query), NEWEST_FIRST, page, toRecord);
  }

  count(query: AuditEventQuery): Promise<number> {
    return this.#events.countDocuments(filterOf(query));
  }

  async listWithOutbox(
    organizationId: string,
    range: { from: string; until: string; after?: { occurredAt: string; id: string } | undefined },
    limit: number,
  ): Promise<AuditEventRecord[]> {
    const { after } = range;
    const filter: Filter<AuditEventDocument> = {
      organizationId,
      occurredAt: { $gte: after?.occurredAt ?? range.from, $lte: range.until },
      outbox: { $exists: true },
    };
    if (after !== undefined)
      filter.$or = [
        { occurredAt: { $gt: after.occurredAt } },
        { occurredAt: after.occurredAt, _id: { $gt: after.id } },
      ];
    const docs = await this.#events.find(filter, { sort: { occurredAt: 1, _id: 1 }, limit }).toArray();
    return docs.map(toRecord);
  }

  async deleteBefore(occurredAt: string, limit: number): Promise<number> {
    const expired = await this.#events
      .find({ occurredAt: { $lt: occurredAt } }, { sort: { occurredAt: 1 }, limit, projection: { _id: 1 } })
      .toArray();
    if (expired.length === 0) return 0;
    const { deletedCount } = await this.#events.deleteMany({ _id: { $in: expired.map((doc) => doc._id) } });
    return deletedCount;
  }
}

/** The query as a filter: typed strings as field values, never operators from the request. */
function filterOf(query: AuditEventQuery): Filter<AuditEventDocument> {
  const filter: Filter<AuditEventDocument> = { organizationId: query.organizationId };
  if (query.action !== undefined) filter.action = query.action;
  if (query.actor !== undefined) filter['actor.id'] = query.actor;
  if (query.target !== undefined) filter['target.id'] = query.target;
  if (query.from !== undefined || query.to !== undefined) {
    filter.occurredAt = {
      ...(query.from === undefined ? {} : { $gte: query.from }),
      ...(query.to === undefined ? {} : { $lte: query.to }),
    };
  }
  return filter;
}
