import type { TreeLockRepository } from '@quire/domain';
import { isDuplicateKeyError, type StoreCollection, type StoreDatabase } from '@quire/store';

const COLLECTION = 'treeLocks';

/**
 * The tree lock of an organization, while someone holds it: `{_id: organizationId, holder,
 * expiresAt}`. Released locks are deleted, so the collection holds only the locks in use
 * (and those of holders that crashed, until someone takes them over). `_id` is the only
 * index it needs.
 */
interface TreeLockDocument {
  _id: string;
  holder: string;
  /** ISO time after which another holder may take the lock over. */
  expiresAt: string;
}

export class MongoTreeLockRepository implements TreeLockRepository {
  readonly #locks: StoreCollection<TreeLockDocument>;

  constructor(db: StoreDatabase) {
    this.#locks = db.collection<TreeLockDocument>(COLLECTION);
  }

  async acquire(organizationId: string, holder: string, now: string, expiresAt: string): Promise<boolean> {
    // A free lock is one insert; the unique `_id` refuses a second holder on both engines.
    try {
      await this.#locks.insertOne({ _id: organizationId, holder, expiresAt });
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    // Held: taken over only when its lease has ended, in one conditional update.
    const takeover = await this.#locks.updateOne(
      { _id: organizationId, expiresAt: { $lte: now } },
      { $set: { holder, expiresAt } },
    );
    return takeover.matchedCount === 1;
  }

  async release(organizationId: string, holder: string): Promise<void> {
    await this.#locks.deleteOne({ _id: organizationId, holder });
  }

  /**
   * Deletes every lock: for the startup repair only, when no other process uses the store, so
   * every holder is gone. Their organizations' trees would stay blocked until their leases
   * end (30 s of 409s to every creation and move after a kill -9).
   */
  async releaseAbandoned(): Promise<number> {
    return (await this.#locks.deleteMany({})).deletedCount;
  }

  async renew(organizationId: string, holder: string, expiresAt: string): Promise<boolean> {
    const renewed = await this.#locks.updateOne({ _id: organizationId, holder }, { $set: { expiresAt } });
    return renewed.matchedCount === 1;
  }
}
