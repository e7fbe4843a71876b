/**
 * Runs the store contract against every engine available here: the embedded engine always
 * (on disk through `openEmbeddedStore`, and over an in-memory journal), MongoDB when
 * `MONGODB_URI` is set or mongodb-memory-server can start a server. The output names the
 * engines that ran and, when MongoDB did not, why.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabase, MemoryJournal } from '../../src/embedded/engine';
import { openEmbeddedStore } from '../../src/store/embedded-store';
import { openMongoStore } from '../../src/store/mongodb-store';
import { findMongoTarget } from './mongodb-target';
import { describeStoreContract } from './store-contract';

const ran: string[] = [];

ran.push('embedded (journal on disk)');
describeStoreContract('embedded (journal on disk)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-store-contract-'));
  const store = await openEmbeddedStore(dir);
  return {
    db: store.db,
    async close() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

ran.push('embedded (MemoryJournal)');
describeStoreContract('embedded (MemoryJournal)', async () => ({
  db: new EmbeddedDatabase(new Map(), new MemoryJournal()),
  close: async () => {},
}));

const mongo = await findMongoTarget(15_000);
if (mongo.available) {
  ran.push(`MongoDB (${mongo.source})`);
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
} else {
  describe.skip(`MongoDB engine: skipped — ${mongo.reason}`, () => {
    it('store contract', () => {});
  });
}

console.info(
  `[store contract] engines: ${ran.join(', ')}${mongo.available ? '' : `; MongoDB skipped — ${mongo.reason}`}`,
);
