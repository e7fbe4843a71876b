/**
 * The blob store contract on GridFS, when `MONGODB_URI` names a server (the store's own
 * MongoDB suite can also start mongodb-memory-server; this package cannot reach it).
 * Each test gets its own database, dropped afterwards.
 */
import { type MongoDatabase, mongoDatabaseOf, openMongoStore } from '@quire/store';
import { describe, it } from 'vitest';
import { GridFsBlobStore } from '../../src/blobs';
import { describeBlobStoreContract } from './blob-store-contract';

const uri = process.env.MONGODB_URI;
if (uri) {
  let databases = 0;
  describeBlobStoreContract('GridFS (MONGODB_URI)', async () => {
    const store = await openMongoStore(uri, { dbName: `quire_blobs_${process.pid}_${++databases}` });
    const db = mongoDatabaseOf(store) as MongoDatabase;
    return {
      blobs: await GridFsBlobStore.open(db),
      close: async () => {
        await db.dropDatabase();
        await store.close();
      },
    };
  });
} else {
  describe.skip('blob store contract: GridFS skipped — MONGODB_URI is unset', () => {
    it('contract', () => {});
  });
}
