/**
 * Runs the store contract against MongoDB through the official driver, when `MONGODB_URI`
 * is set or mongodb-memory-server can start a server; the output says why when it cannot.
 * The embedded engine runs the same suite in `packages/store-embedded`.
 */
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { mongoClientOptions } from '../../src/mongodb/client-options';
import { openMongoStore } from '../../src/mongodb-store';
import { findMongoTarget } from './mongodb-target';
import { describeStoreContract } from './store-contract';

const mongo = await findMongoTarget(15_000);
if (mongo.available) {
  // The contract runs on the client Quire makes: its options are part of what both engines must agree on.
  const client = new MongoClient(mongo.uri, mongoClientOptions(mongo.uri));
  let databases = 0;
  afterAll(async () => {
    await client.close();
    await mongo.stop();
  });

  describe(`MongoDB engine (${mongo.source})`, () => {
    it('openMongoStore connects, pings and closes', async () => {
      const store = await openMongoStore(mongo.uri, { dbName: `quire_contract_${process.pid}_open` });
      expect(store.engine).toBe('mongodb');
      await store.ping();
      await store.close();
    });

    it('writes with majority in the journal, reads majority data from the primary, and reads its own writes', async () => {
      const uri = mongo.uri.includes('?')
        ? `${mongo.uri}&readPreference=secondaryPreferred`
        : `${mongo.uri}?readPreference=secondaryPreferred`;
      const store = await openMongoStore(uri, { dbName: `quire_contract_${process.pid}_concerns` });
      try {
        const db = store.db as unknown as import('mongodb').Db;
        expect(db.writeConcern).toMatchObject({ w: 'majority', journal: true });
        expect(db.readConcern).toMatchObject({ level: 'majority' });
        expect(db.readPreference.mode).toBe('primary');
        const keys = store.db.collection<{ _id: string; n: number }>('keys');
        for (let n = 0; n < 20; n++) {
          await keys.updateOne({ _id: 'k' }, { $set: { n } }, { upsert: true });
          expect(await keys.findOne({ _id: 'k' })).toEqual({ _id: 'k', n });
        }
        await db.dropDatabase();
      } finally {
        await store.close();
      }
    });
  });

  describeStoreContract(`MongoDB (${mongo.source})`, async () => {
    const db = client.db(`quire_contract_${process.pid}_${++databases}`);
    return { db, close: () => db.dropDatabase().then(() => {}) };
  });
  console.info(`[store contract] MongoDB (${mongo.source}) ran`);
} else {
  describe.skip(`MongoDB engine: skipped — ${mongo.reason}`, () => {
    it('store contract', () => {});
  });
  console.info(`[store contract] MongoDB SKIPPED — ${mongo.reason}`);
}
