import type {
  CollectionChanges,
  CollectionLink,
  CollectionPlacement,
  CollectionRecord,
  CollectionRepository,
  SiblingRange,
  SiblingRecord,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase, UpdateFilter } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';

const COLLECTION = 'collections';

/**
 * A collection as stored: the record with its id as `_id`. `ancestorIds` is absent from
 * collections written before it existed: read as empty, the access loader then follows
 * parent links instead (see `loadCollectionChains`).
 */
export interface CollectionDocument extends Omit<CollectionRecord, 'id' | 'ancestorIds'> {
  _id: string;
  ancestorIds?: string[];
}

export const collectionIndexes: CollectionIndexes[] = [
  defineIndexes<CollectionDocument>(COLLECTION, [
    // An organization's collections in creation order (ids are time-ordered).
    { key: { organizationId: 1, _id: 1 } },
    // Siblings under one parent in order: neighbours (`listSiblingRange`; see
    // resolveSiblingPosition) and the lists of one parent's children. The `_id` ends the key so
    // a range read in either direction is served in order on MongoDB too.
    { key: { organizationId: 1, parentId: 1, position: 1, _id: 1 } },
    // Children of a collection whatever their organization (subtrees of deletes, moves and
    // transfers). Subtrees are walked by parent rather than found by `ancestorIds`: an index
    // on that array would be multikey, which the embedded engine's planner does not use.
    { key: { parentId: 1 } },
  ]),
];

function toRecord({ _id, ancestorIds, ...rest }: CollectionDocument): CollectionRecord {
  return { id: _id, ancestorIds: ancestorIds ?? [], ...rest };
}

const toDocument = ({ id, ...rest }: CollectionRecord): CollectionDocument => ({ _id: id, ...rest });

export class MongoCollectionRepository implements CollectionRepository {
  readonly #collections: StoreCollection<CollectionDocument>;

  constructor(db: StoreDatabase) {
    this.#collections = db.collection<CollectionDocument>(COLLECTION);
  }

  async findById(id: string): Promise<CollectionRecord | null> {
    const doc = await this.#collections.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findByIds(ids: readonly string[]): Promise<CollectionRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.#collections.find({ _id: { $in: [...ids] } }).toArray();
    return docs.map(toRecord);
  }

  async insert(collection: CollectionRecord): Promise<void> {
    await this.#collections.insertOne(toDocument(collection));
  }

  async listAll(organizationId: string): Promise<CollectionRecord[]> {
    const docs = await this.#collections.find({ organizationId }, { sort: { _id: 1 } }).toArray();
    return docs.map(toRecord);
  }

  async listChildren(organizationId: string, parentId: string | undefined): Promise<CollectionRecord[]> {
    // `null` matches documents without the field: the top level.
    const filter: Filter<CollectionDocument> = {
      organizationId,
      parentId: (parentId ?? null) as string | undefined,
    };
    const docs = await this.#collections.find(filter, { sort: { position: 1, _id: 1 } }).toArray();
    return docs.map(toRecord);
  }

  async listSiblingRange(range: SiblingRange): Promise<SiblingRecord[]> {
    const order = range.direction === 'up' ? 1 : -1;
    const filter: Filter<CollectionDocument> = {
      organizationId: range.organizationId,
      parentId: (range.parentId ?? null) as string | undefined,
    };
    if (range.from !== undefined) filter.position = order === 1 ? { $gte: range.from } : { $lte: range.from };
    const docs = await this.#collections
      .find(filter, {
        sort: { position: order, _id: order },
        limit: range.limit,
        projection: { _id: 1, position: 1 },
      })
      .toArray();
    return docs.map((doc) => ({ id: doc._id, position: doc.position }));
  }

  async listChildIds(parentIds: readonly string[]): Promise<string[]> {
    if (parentIds.length === 0) return [];
    const docs = await this.#collections
      .find({ parentId: { $in: [...parentIds] } }, { projection: { _id: 1 } })
      .toArray();
    return docs.map((doc) => doc._id);
  }

  async listChildLinks(parentIds: readonly string[]): Promise<CollectionLink[]> {
    if (parentIds.length === 0) return [];
    const docs = await this.#collections
      .find({ parentId: { $in: [...parentIds] } }, { projection: { _id: 1, parentId: 1 } })
      .toArray();
    return docs.flatMap((doc) => (doc.parentId ? [{ id: doc._id, parentId: doc.parentId }] : []));
  }

  async setAncestorIds(ids: readonly string[], ancestorIds: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#collections.updateMany(
      { _id: { $in: [...ids] } },
      { $set: { ancestorIds: [...ancestorIds] } },
    );
  }

  async update(id: string, changes: CollectionChanges, updatedAt: string): Promise<CollectionRecord | null> {
    const $set: Partial<CollectionDocument> = { updatedAt };
    const update: UpdateFilter<CollectionDocument> = { $set };
    if (changes.title !== undefined) $set.title = changes.title;
    if (changes.defaultLevel !== undefined) $set.defaultLevel = changes.defaultLevel;
    if (changes.description === null) update.$unset = { description: '' };
    else if (changes.description !== undefined) $set.description = changes.description;
    const doc = await this.#collections.findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' });
    return doc ? toRecord(doc) : null;
  }

  async place(
    id: string,
    placement: CollectionPlacement,
    updatedAt: string,
  ): Promise<CollectionRecord | null> {
    const $set: Partial<CollectionDocument> = {
      organizationId: placement.organizationId,
      ancestorIds: placement.ancestorIds,
      position: placement.position,
      updatedAt,
    };
    const update: UpdateFilter<CollectionDocument> = { $set };
    if (placement.parentId === undefined) update.$unset = { parentId: '' };
    else $set.parentId = placement.parentId;
    const doc = await this.#collections.findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' });
    return doc ? toRecord(doc) : null;
  }

  async setOrganization(ids: readonly string[], organizationId: string, updatedAt: string): Promise<void> {
    if (ids.length === 0) return;
    await this.#collections.updateMany({ _id: { $in: [...ids] } }, { $set: { organizationId, updatedAt } });
  }

  async deleteMany(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#collections.deleteMany({ _id: { $in: [...ids] } });
  }
}
