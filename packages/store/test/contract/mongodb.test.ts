/**
 * Runs the store contract against MongoDB through the official driver, when `MONGODB_URI`
 * is set or mongodb-memory-server can start a server; the output says why when it cannot.
 * The embedded engine runs the same suite in `packages/store-embedded`.
 */
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { openMongoStore } from '../../src/mongodb-store';
import { findMongoTarget } from './mongodb-target';
import { describeStoreContract } from './store-contract';

const mongo = await findMongoTarget(15_000);
if (mongo.available) {
  const client = new MongoClient(mongo.uri);
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
