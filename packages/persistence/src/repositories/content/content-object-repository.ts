import type { ContentObject, ContentObjectRepository } from '@quire/domain';
import { isDuplicateKeyError, type StoreCollection, type StoreDatabase } from '@quire/store';
import { objectOfStoredForm, type StoredContentObject, storedFormOf } from './stored-object-form';

export const CONTENT_OBJECTS_COLLECTION = 'contentObjects';
const COLLECTION = CONTENT_OBJECTS_COLLECTION;

interface ContentObjectDocument {
  _id: string;
  /** The object, a derived document deflated (`stored-object-form.ts`). */
  object: StoredContentObject;
}

/** Objects kept in memory by this process: they never change, so a cached one is never stale. */
const CACHE_CAPACITY = 100_000;

/**
 * The immutable objects of page trees, stored under their content addresses (the domain's
 * `addressOf`: the SHA-256 of their JSON).
 *
 * Reads go through a per-process cache: an object at an address can never change, so the
 * cache needs no invalidation, whatever other processes write.
 */
export class MongoContentObjectRepository implements ContentObjectRepository {
  readonly #objects: StoreCollection<ContentObjectDocument>;
  readonly #cache = new Map<string, ContentObject>();

  constructor(db: StoreDatabase) {
    this.#objects = db.collection<ContentObjectDocument>(COLLECTION);
  }

  async putMany(objects: ReadonlyMap<string, ContentObject>): Promise<void> {
    const addresses = [...objects.keys()].filter((address) => !this.#cache.has(address));
    if (addresses.length === 0) return;
    await this.#store(addresses, objects);
    // Stored now (by this call or another): kept, so the reads that follow (the new
    // revision's pages, the outlines just derived) do not go back to the store.
    for (const address of addresses) this.#remember(address, objects.get(address) as ContentObject);
  }

  async #store(addresses: readonly string[], objects: ReadonlyMap<string, ContentObject>): Promise<void> {
    const stored = await this.#objects
      .find({ _id: { $in: addresses } }, { projection: { _id: 1 } })
      .toArray();
    const present = new Set(stored.map((doc) => doc._id));
    const missing = addresses.filter((address) => !present.has(address));
    if (missing.length === 0) return;
    const docs = missing.map((address) => ({
      _id: address,
      object: storedFormOf(objects.get(address) as ContentObject),
    }));
    try {
      await this.#objects.insertMany(docs);
    } catch (error) {
      // Another request stored some of the same objects meanwhile: the same bytes under the
      // same address. Store the rest one by one, skipping what is there.
      if (!isDuplicateKeyError(error)) throw error;
      for (const doc of docs) {
        await this.#objects.updateOne(
          { _id: doc._id },
          { $setOnInsert: { object: doc.object } },
          { upsert: true },
        );
      }
    }
  }

  async getMany(addresses: readonly string[]): Promise<Map<string, ContentObject>> {
    const found = new Map<string, ContentObject>();
    const missing: string[] = [];
    for (const address of addresses) {
      const cached = this.#cache.get(address);
      if (cached) found.set(address, cached);
      else missing.push(address);
    }
    if (missing.length > 0) {
      const docs = await this.#objects.find({ _id: { $in: [...new Set(missing)] } }).toArray();
      for (const doc of docs) {
        const object = objectOfStoredForm(doc.object);
        found.set(doc._id, object);
        this.#remember(doc._id, object);
      }
    }
    return found;
  }

  #remember(address: string, object: ContentObject): void {
    if (this.#cache.size >= CACHE_CAPACITY) {
      // Drop the oldest tenth: insertion order is the Map's order.
      let drop = CACHE_CAPACITY / 10;
      for (const key of this.#cache.keys()) {
        this.#cache.delete(key);
        if (--drop === 0) break;
      }
    }
    this.#cache.set(address, object);
  }
}
