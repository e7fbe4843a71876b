import type { Store } from './collection';
import { openEmbeddedStore } from './embedded-store';
import { openMongoStore } from './mongodb-store';

export interface StoreConfig {
  /** When set, the store is this MongoDB deployment; otherwise the embedded engine. */
  mongodbUri?: string;
  /** The MongoDB database name (default: the one in the URI, else the driver's default). */
  mongodbDb?: string;
  /** The embedded engine's data directory (ignored when `mongodbUri` is set). */
  dataDir: string;
}

export async function openStore(config: StoreConfig): Promise<Store> {
  if (config.mongodbUri) {
    return openMongoStore(config.mongodbUri, config.mongodbDb ? { dbName: config.mongodbDb } : {});
  }
  return openEmbeddedStore(config.dataDir);
}
