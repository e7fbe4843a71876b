/**
 * A store held in memory: the embedded engine over a journal kept in memory, with the
 * repositories' indexes. What tests run on unless they test the disk (durability, restarts,
 * the store's figures): the engine and its rules are the real ones, only nothing is written
 * to a file, which makes every write an order of magnitude cheaper. A test that counts the
 * store's writes passes its own journal and reads its batches.
 */
import { repositoryIndexes } from '@quire/persistence';
import { ensureIndexes, type Store } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';

export async function openMemoryStore(journal = new MemoryJournal()): Promise<Store> {
  const db = new EmbeddedDatabase(new Map(), journal);
  await ensureIndexes(db, repositoryIndexes);
  return {
    engine: 'embedded',
    db,
    withAttachedWrite: (source, run, options) => db.withAttachedWrite(source, run, options),
    ping: () => Promise.resolve(),
    collectionNames: () => Promise.resolve(db.collectionNames()),
    close: () => journal.close(),
  };
}
