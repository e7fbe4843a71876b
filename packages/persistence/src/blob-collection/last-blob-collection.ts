/**
 * When the blob collection last ran to its end (not a dry run), kept in the store: the schedule
 * runs it when that is an interval ago, so a server restarted more often than its interval
 * still collects (a timer of a day alone would never fire), and servers sharing a store see
 * each other's runs.
 */
import type { StoreDatabase } from '@quire/store';

const COLLECTION = 'blobCollections';
const LAST_ID = 'last';

interface LastBlobCollectionDoc {
  _id: string;
  /** ms since the epoch, by the clock of the process that ran it. */
  at: number;
  deleted: number;
  deletedBytes: number;
}

export async function lastBlobCollectionAt(db: StoreDatabase): Promise<number | null> {
  const last = await db.collection<LastBlobCollectionDoc>(COLLECTION).findOne({ _id: LAST_ID });
  return last?.at ?? null;
}

export async function recordBlobCollection(
  db: StoreDatabase,
  run: { at: number; deleted: number; deletedBytes: number },
): Promise<void> {
  await db
    .collection<LastBlobCollectionDoc>(COLLECTION)
    .updateOne(
      { _id: LAST_ID },
      { $set: { at: run.at, deleted: run.deleted, deletedBytes: run.deletedBytes } },
      { upsert: true },
    );
}
