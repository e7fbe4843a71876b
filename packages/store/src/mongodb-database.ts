import { Db } from 'mongodb';
import type { Store } from './collection';

export {
  type ChangeStream,
  type ChangeStreamInsertDocument,
  type Collection,
  type Db as MongoDatabase,
  GridFSBucket,
  type GridFSFile,
  MongoClient,
  MongoServerError,
} from 'mongodb';

/**
 * The driver's `Db` behind a MongoDB store, for the driver APIs the store contract leaves
 * out (GridFS for file bytes, change streams for events); null on the embedded engine. Checked, not cast: the MongoDB
 * engine's `db` is the driver's own object (`openMongoStore`).
 */
export function mongoDatabaseOf(store: Store): Db | null {
  return store.db instanceof Db ? store.db : null;
}
