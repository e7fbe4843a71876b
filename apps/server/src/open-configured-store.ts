/**
 * Opening the configured store for a process that writes to it (the server, a `quire`
 * command, a worker): apart from the server's start, so that those load no HTTP code.
 */
import {
  type MaintenanceLog,
  openSessionAndRepair,
  openStore,
  repositoryIndexes,
  type StoreSession,
} from '@quire/persistence';
import {
  describeMongoAuthorizationFailure,
  ensureIndexes,
  mongoDatabaseNameFor,
  mongoHostsOf,
  type Store,
} from '@quire/store';
import type { Config } from './config';

export const silentLog: MaintenanceLog = { info: () => {}, warn: () => {} };

/**
 * The store with its session: renewed while open (MongoDB), ended at a clean close, after
 * the last write and before the store closes.
 */
function withSession(store: Store, session: StoreSession, log: MaintenanceLog): Store {
  const renewal =
    session.renewEveryMs === null
      ? undefined
      : setInterval(() => {
          session
            .renew()
            .catch((error: unknown) => log.warn({ err: error }, 'renewing the store session failed'));
        }, session.renewEveryMs);
  renewal?.unref();
  let closing: Promise<void> | undefined;
  return {
    engine: store.engine,
    db: store.db,
    ping: () => store.ping(),
    ...(store.stats ? { stats: store.stats.bind(store) } : {}),
    // The blob collection refuses to run on a store that cannot list its collections.
    ...(store.collectionNames ? { collectionNames: store.collectionNames.bind(store) } : {}),
    // The audit log's events ride the change's own write through it: without it, a server's
    // store audited nothing and kept no webhook outbox (only the tests' in-memory store had it).
    ...(store.withAttachedWrite ? { withAttachedWrite: store.withAttachedWrite } : {}),
    close: () => {
      closing ??= (async () => {
        clearInterval(renewal);
        try {
          await session.end();
        } finally {
          await store.close();
        }
      })();
      return closing;
    },
  };
}

/**
 * Opens the configured store for a process that will write to it (the server, a command of
 * the `quire` command line): indexes, then the session, repairing after an unclean shutdown.
 */
export async function openConfiguredStore(
  config: Config,
  options: { log?: MaintenanceLog; now?: () => number } = {},
): Promise<Store> {
  const log = options.log ?? silentLog;
  if (config.mongodbUri) {
    const hosts = mongoHostsOf(config.mongodbUri);
    log.info({ hosts }, `connecting to MongoDB at ${hosts}…`);
  }
  const store = await openStore(
    config.mongodbUri
      ? { mongodbUri: config.mongodbUri, mongodbDb: config.mongodbDb, dataDir: config.dataDir }
      : { dataDir: config.dataDir },
  );
  try {
    try {
      await ensureIndexes(store.db, repositoryIndexes);
    } catch (error) {
      // The first writes of a start: a user without rights on the database fails here, said so.
      throw config.mongodbUri
        ? (describeMongoAuthorizationFailure(
            error,
            mongoDatabaseNameFor(config.mongodbUri, config.mongodbDb),
          ) ?? error)
        : error;
    }
    const session = await openSessionAndRepair(store, { log, ...(options.now ? { now: options.now } : {}) });
    return withSession(store, session, log);
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
}
