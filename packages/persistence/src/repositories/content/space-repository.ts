import type {
  PageRequest,
  SiblingRange,
  SiblingRecord,
  Slice,
  SpaceLookupStamp,
  SpacePlacement,
  SpaceRecord,
  SpaceRepository,
  SpaceUpdate,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage } from '../find-page';

const COLLECTION = 'spaces';
/**
 * One document per organization: `{_id: organizationId, active}`, the number of its spaces
 * that are not deleted, moved by `$inc` by every write of this repository that changes it,
 * so `count` in lists is one point read (a `countDocuments` walks every index entry: at 100k
 * spaces it cost 20x a page). Without transactions the counter and the spaces are two
 * writes: a crash between them leaves it off by one, which lists tolerate.
 */
const COUNTS = 'spaceCounts';

interface SpaceCountDocument {
  _id: string;
  active: number;
}

/** A space as stored: the record with its id as `_id`. */
export interface SpaceDocument extends Omit<SpaceRecord, 'id'> {
  _id: string;
}

export const spaceIndexes: CollectionIndexes[] = [
  defineIndexes<SpaceDocument>(COLLECTION, [
    // An organization's spaces in creation order (ids are time-ordered).
    { key: { organizationId: 1, _id: 1 } },
    // The lists of spaces that are not deleted (`deletedAt: null` matches the missing field),
    // paged on the id: equality on the first two fields, then a range on `_id`.
    { key: { organizationId: 1, deletedAt: 1, _id: 1 } },
    // Siblings under one parent in order, deleted ones included: the greatest key under a
    // parent and the keys next to one (`listSiblingRange`; see resolveSiblingPosition). The
    // `_id` ends the key so a range read in either direction is served in order on MongoDB too.
    { key: { organizationId: 1, parentId: 1, position: 1, _id: 1 } },
    // The live spaces under one parent in order: neighbours, and a collection's list of spaces.
    { key: { organizationId: 1, parentId: 1, deletedAt: 1, position: 1, _id: 1 } },
    // The spaces of collections whatever their organization (collection deletes and transfers).
    { key: { parentId: 1, _id: 1 } },
    // The purge: spaces deleted before a cutoff, across organizations.
    { key: { deletedAt: 1 } },
  ]),
];

function toRecord({ _id, ...rest }: SpaceDocument): SpaceRecord {
  return { id: _id, ...rest };
}

const toDocument = ({ id, ...rest }: SpaceRecord): SpaceDocument => ({ _id: id, ...rest });

/**
 * Not deleted: `deletedAt` is missing. Equality with null matches a missing field on both
 * engines and, unlike `$exists: false`, is served by the index (the driver's types do not
 * allow null on an optional string field, hence the cast).
 */
const active = (filter: Filter<SpaceDocument>): Filter<SpaceDocument> =>
  ({ ...filter, deletedAt: null }) as unknown as Filter<SpaceDocument>;

export class MongoSpaceRepository implements SpaceRepository {
  readonly #spaces: StoreCollection<SpaceDocument>;
  readonly #counts: StoreCollection<SpaceCountDocument>;

  constructor(db: StoreDatabase) {
    this.#spaces = db.collection<SpaceDocument>(COLLECTION);
    this.#counts = db.collection<SpaceCountDocument>(COUNTS);
  }

  async #adjustActive(organizationId: string, by: number): Promise<void> {
    if (by === 0) return;
    await this.#counts.updateOne({ _id: organizationId }, { $inc: { active: by } }, { upsert: true });
  }

  /** The active spaces among the documents a bulk write is about to change, per organization. */
  async #activeByOrganization(filter: Filter<SpaceDocument>): Promise<Map<string, number>> {
    const docs = await this.#spaces.find(active(filter), { projection: { organizationId: 1 } }).toArray();
    const counts = new Map<string, number>();
    for (const doc of docs) counts.set(doc.organizationId, (counts.get(doc.organizationId) ?? 0) + 1);
    return counts;
  }

  async findById(id: string): Promise<SpaceRecord | null> {
    const doc = await this.#spaces.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findByIds(ids: readonly string[]): Promise<SpaceRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.#spaces.find({ _id: { $in: [...ids] } }).toArray();
    return docs.map(toRecord);
  }

  async lookupStampsByIds(ids: readonly string[]): Promise<SpaceLookupStamp[]> {
    if (ids.length === 0) return [];
    // `map` is handed the stored document: only the stamp's four fields are copied out of it.
    return this.#spaces
      .find({ _id: { $in: [...ids] } })
      .map(lookupStampOf)
      .toArray();
  }

  async listSiblingRange(range: SiblingRange): Promise<SiblingRecord[]> {
    const order = range.direction === 'up' ? 1 : -1;
    // `parentId: null` matches documents without the field: the top level.
    const filter: Filter<SpaceDocument> = {
      organizationId: range.organizationId,
      parentId: (range.parentId ?? null) as string | undefined,
    };
    if (range.from !== undefined) filter.position = order === 1 ? { $gte: range.from } : { $lte: range.from };
    const docs = await this.#spaces
      .find(range.liveOnly ? active(filter) : filter, {
        sort: { position: order, _id: order },
        limit: range.limit,
        projection: { _id: 1, position: 1, deletedAt: 1 },
      })
      .toArray();
    return docs.map((doc) => {
      const sibling: SiblingRecord = { id: doc._id, position: doc.position };
      if (doc.deletedAt) sibling.deletedAt = doc.deletedAt;
      return sibling;
    });
  }

  async listLiveChildren(organizationId: string, parentId: string | undefined): Promise<SpaceRecord[]> {
    const filter = active({ organizationId, parentId: (parentId ?? null) as string | undefined });
    const docs = await this.#spaces.find(filter, { sort: { position: 1, _id: 1 } }).toArray();
    return docs.map(toRecord);
  }

  async listInParents(parentIds: readonly string[]): Promise<SpaceRecord[]> {
    if (parentIds.length === 0) return [];
    const docs = await this.#spaces
      .find({ parentId: { $in: [...parentIds] } }, { sort: { _id: 1 } })
      .toArray();
    return docs.map(toRecord);
  }

  async markDeletedInParents(parentIds: readonly string[], deletedAt: string): Promise<number> {
    if (parentIds.length === 0) return 0;
    const leaving = await this.#activeByOrganization({ parentId: { $in: [...parentIds] } });
    // They keep their parent: a restore finds it gone and brings them to the top level.
    const result = await this.#spaces.updateMany(
      { parentId: { $in: [...parentIds] }, deletedAt: { $exists: false } },
      { $set: { deletedAt, updatedAt: deletedAt } },
    );
    for (const [organizationId, count] of leaving) await this.#adjustActive(organizationId, -count);
    return result.modifiedCount;
  }

  async setOrganizationInParents(
    parentIds: readonly string[],
    organizationId: string,
    updatedAt: string,
  ): Promise<void> {
    if (parentIds.length === 0) return;
    const moving = await this.#activeByOrganization({
      parentId: { $in: [...parentIds] },
      organizationId: { $ne: organizationId },
    });
    await this.#spaces.updateMany(
      { parentId: { $in: [...parentIds] } },
      { $set: { organizationId, updatedAt } },
    );
    let arriving = 0;
    for (const [from, count] of moving) {
      await this.#adjustActive(from, -count);
      arriving += count;
    }
    await this.#adjustActive(organizationId, arriving);
  }

  async insert(space: SpaceRecord): Promise<void> {
    await this.#spaces.insertOne(toDocument(space));
    if (space.deletedAt === undefined) await this.#adjustActive(space.organizationId, 1);
  }

  async insertMany(spaces: readonly SpaceRecord[]): Promise<void> {
    if (spaces.length === 0) return;
    await this.#spaces.insertMany(spaces.map(toDocument));
    const counts = new Map<string, number>();
    for (const space of spaces) {
      if (space.deletedAt === undefined)
        counts.set(space.organizationId, (counts.get(space.organizationId) ?? 0) + 1);
    }
    for (const [organizationId, count] of counts) await this.#adjustActive(organizationId, count);
  }

  listActive(organizationId: string, order: 'asc' | 'desc', page: PageRequest): Promise<Slice<SpaceRecord>> {
    const filter = active({ organizationId });
    return findPage(this.#spaces, filter, { direction: order === 'asc' ? 1 : -1 }, page, toRecord);
  }

  async countActive(organizationId: string): Promise<number> {
    const counter = await this.#counts.findOne({ _id: organizationId });
    // No counter: an organization none of whose spaces went through this repository.
    return counter ? Math.max(0, counter.active) : this.#spaces.countDocuments(active({ organizationId }));
  }

  async update(
    id: string,
    set: SpaceUpdate,
    unset: ReadonlyArray<keyof SpaceUpdate>,
    updatedAt: string,
  ): Promise<SpaceRecord | null> {
    const update: Record<string, unknown> = { $set: { ...set, updatedAt } };
    if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((key) => [key, '']));
    const doc = await this.#spaces.findOneAndUpdate(active({ _id: id }), update, {
      returnDocument: 'after',
    });
    return doc ? toRecord(doc) : null;
  }

  async place(id: string, placement: SpacePlacement, updatedAt: string): Promise<SpaceRecord | null> {
    const { parentId, ...rest } = placement;
    const before = await this.#spaces.findOne(active({ _id: id }), { projection: { organizationId: 1 } });
    const update: Record<string, unknown> = {
      $set: { ...rest, updatedAt, ...(parentId ? { parentId } : {}) },
    };
    if (!parentId) update.$unset = { parentId: '' };
    const doc = await this.#spaces.findOneAndUpdate(active({ _id: id }), update, {
      returnDocument: 'after',
    });
    if (doc && before && before.organizationId !== doc.organizationId) {
      await this.#adjustActive(before.organizationId, -1);
      await this.#adjustActive(doc.organizationId, 1);
    }
    return doc ? toRecord(doc) : null;
  }

  async moveRevision(id: string, from: string | undefined, to: string): Promise<boolean> {
    // `from` is a revision id the domain read from this space, never a request value.
    const current = from === undefined ? { revisionId: { $exists: false } } : { revisionId: from };
    const result = await this.#spaces.updateOne({ _id: id, ...current }, { $set: { revisionId: to } });
    return result.modifiedCount === 1;
  }

  async markDeleted(id: string, deletedAt: string): Promise<boolean> {
    const doc = await this.#spaces.findOneAndUpdate(
      active({ _id: id }),
      { $set: { deletedAt } },
      { returnDocument: 'after', projection: { organizationId: 1 } },
    );
    if (doc) await this.#adjustActive(doc.organizationId, -1);
    return doc !== null;
  }

  async restore(id: string, deletedSince: string, updatedAt: string): Promise<SpaceRecord | null> {
    // The window is part of the filter, so a restore and the purge never both win.
    const doc = await this.#spaces.findOneAndUpdate(
      { _id: id, deletedAt: { $gte: deletedSince } },
      { $unset: { deletedAt: '' }, $set: { updatedAt } },
      { returnDocument: 'after' },
    );
    if (doc) await this.#adjustActive(doc.organizationId, 1);
    return doc ? toRecord(doc) : null;
  }

  listDeletedSince(organizationId: string, since: string, page: PageRequest): Promise<Slice<SpaceRecord>> {
    // Index `{organizationId, deletedAt, _id}`; `since` is the server's own timestamp.
    const filter: Filter<SpaceDocument> = { organizationId, deletedAt: { $gte: since } };
    return findPage(this.#spaces, filter, { direction: -1 }, page, toRecord);
  }

  countDeletedSince(organizationId: string, since: string): Promise<number> {
    return this.#spaces.countDocuments({ organizationId, deletedAt: { $gte: since } });
  }

  async listDeletedBefore(cutoff: string, limit: number): Promise<SpaceRecord[]> {
    const docs = await this.#spaces
      .find({ deletedAt: { $lt: cutoff } }, { sort: { deletedAt: 1 }, limit })
      .toArray();
    return docs.map(toRecord);
  }

  async purge(id: string, cutoff: string): Promise<boolean> {
    const result = await this.#spaces.deleteOne({ _id: id, deletedAt: { $lt: cutoff } });
    return result.deletedCount > 0;
  }
}

/** A space's lookup stamp (`SpaceRepository.lookupStampsByIds`), its optional fields only when set. */
const lookupStampOf = (doc: SpaceDocument): SpaceLookupStamp => {
  const stamp: SpaceLookupStamp = { id: doc._id, organizationId: doc.organizationId };
  if (doc.revisionId !== undefined) stamp.revisionId = doc.revisionId;
  if (doc.deletedAt !== undefined) stamp.deletedAt = doc.deletedAt;
  return stamp;
};
