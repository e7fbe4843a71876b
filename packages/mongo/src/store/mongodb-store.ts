import { MongoClient } from 'mongodb';
import type { Store } from './collection';

export interface MongoStoreOptions {
  /** Defaults to the database named in the URI's path, then the driver's default ('test'). */
  dbName?: string;
}

/**
 * Opens the MongoDB engine: the official driver's `Db` is the `StoreDatabase` as is (its
 * `Collection` satisfies `StoreCollection`, checked at the type level by a test), so no
 * wrapper can drift from the driver's semantics.
 */
export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  const client = new MongoClient(uri);
  try {
    await client.connect();
  } catch (error) {
    // Release whatever the failed attempt holds (monitors, sockets) before reporting it.
    await client.close().catch(() => {});
    throw error;
  }
  const db = client.db(options.dbName);
  return {
    engine: 'mongodb',
    db,
    async ping() {
      await db.admin().command({ ping: 1 });
    },
    async close() {
      await client.close();
    },
  };
}
