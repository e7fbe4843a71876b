import type { PathRedirectOrigin, SpacePathRedirectRecord, SpacePathRedirectRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';

const COLLECTION = 'spacePathRedirects';

/** A record as stored: `_id` is the space and the path, so a space holds one record per old path. */
export interface SpacePathRedirectDocument extends SpacePathRedirectRecord {
  _id: string;
}

export const spacePathRedirectIndexes: CollectionIndexes[] = [
  defineIndexes<SpacePathRedirectDocument>(COLLECTION, [
    // A path's records (resolution: the path and its leading parts) and the paths made live again.
    { key: { spaceId: 1, path: 1 } },
    // The oldest of an origin, trimmed past the cap; an import's records replaced.
    { key: { spaceId: 1, origin: 1, at: 1 } },
  ]),
];

const idOf = (spaceId: string, path: string): string => `${spaceId}/${path}`;
const toRecord = ({ _id, ...record }: SpacePathRedirectDocument): SpacePathRedirectRecord => record;

export class MongoSpacePathRedirectRepository implements SpacePathRedirectRepository {
  readonly #records: StoreCollection<SpacePathRedirectDocument>;

  constructor(db: StoreDatabase) {
    this.#records = db.collection<SpacePathRedirectDocument>(COLLECTION);
  }

  async findByPaths(spaceId: string, paths: readonly string[]): Promise<SpacePathRedirectRecord[]> {
    // Typed strings as field values: `$in` lists values, never operators from the request.
    const docs = await this.#records.find({ spaceId, path: { $in: [...paths] } }).toArray();
    return docs.map(toRecord);
  }

  async put(records: readonly SpacePathRedirectRecord[]): Promise<void> {
    // The last record of a path wins; one write for the lot (two when some paths had records),
    // not one per record. A crash between the two loses these records only.
    const docs = new Map(records.map((record) => [idOf(record.spaceId, record.path), record]));
    if (docs.size === 0) return;
    const ids = [...docs.keys()];
    const taken = await this.#records.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray();
    if (taken.length > 0) await this.#records.deleteMany({ _id: { $in: taken.map((doc) => doc._id) } });
    try {
      await this.#records.insertMany([...docs].map(([_id, record]) => ({ _id, ...record })));
    } catch {
      // Another write of the same paths landed between (a duplicate id): one by one, the newest wins.
      for (const [_id, record] of docs)
        await this.#records.replaceOne({ _id }, { _id, ...record }, { upsert: true });
    }
  }

  async deletePaths(spaceId: string, paths: readonly string[]): Promise<void> {
    // Read first: most content changes make live paths no record has, and a read costs no journal write.
    const found = await this.#records
      .find({ spaceId, path: { $in: [...paths] } }, { projection: { _id: 1 } })
      .toArray();
    if (found.length > 0) await this.#records.deleteMany({ _id: { $in: found.map((doc) => doc._id) } });
  }

  async deleteOrigin(spaceId: string, origin: PathRedirectOrigin): Promise<void> {
    await this.#records.deleteMany({ spaceId, origin });
  }

  async trim(spaceId: string, origin: PathRedirectOrigin, keep: number): Promise<void> {
    const extra = (await this.#records.countDocuments({ spaceId, origin })) - keep;
    if (extra <= 0) return;
    const oldest = await this.#records
      .find({ spaceId, origin }, { sort: { at: 1, _id: 1 }, limit: extra, projection: { _id: 1 } })
      .toArray();
    await this.#records.deleteMany({ _id: { $in: oldest.map((doc) => doc._id) } });
  }
}
