import { MongoClient, type MongoClientOptions, MongoServerError } from 'mongodb';
import type { Store } from './collection';
import { attachedWritesOver } from './mongodb/attached-writes';
import { mongoClientOptions, startupDeadlineMs, uriDatabaseName } from './mongodb/client-options';

export { MONGODB_CONNECT_TIMEOUT_MS, MONGODB_SERVER_SELECTION_TIMEOUT_MS } from './mongodb/client-options';

/** The oldest MongoDB Quire runs on: empty `$set`, `$`-prefixed field rules and change-stream behaviour of 5.0. */
export const MONGODB_MINIMUM_VERSION = [5, 0] as const;

/** The database Quire uses when neither `MONGODB_DB` nor the URI's path names one. */
export const MONGODB_DEFAULT_DATABASE = 'quire';

/** The database a store on this URI uses: `dbName` if given, else the URI's path, else `quire`. */
export function mongoDatabaseNameFor(uri: string, dbName?: string): string {
  return dbName ?? uriDatabaseName(uri) ?? MONGODB_DEFAULT_DATABASE;
}

export interface MongoStoreOptions {
  /** Overrides the database named in the URI's path (default: that one, else `quire`). */
  dbName?: string;
}

/**
 * The hosts of a MongoDB URI, without credentials or options: what may be printed.
 * `mongodb://user:secret@a:27017,b:27017/db?tls=true` gives `a:27017,b:27017`.
 */
export function mongoHostsOf(uri: string): string {
  const afterScheme = uri.replace(/^mongodb(\+srv)?:\/\//, '');
  const authority = afterScheme.split(/[/?]/, 1)[0] ?? '';
  return authority.slice(authority.lastIndexOf('@') + 1) || 'localhost';
}

/** The MongoDB deployment could not be reached (or refused the connection) in time. */
export class MongoConnectionError extends Error {
  override readonly name = 'MongoConnectionError';
  /** Why, in the driver's words (`connect ECONNREFUSED 127.0.0.1:27017`, `Authentication failed.`). */
  readonly reason: string;
  constructor(
    readonly hosts: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`cannot connect to MongoDB at ${hosts}: ${reason}`, { cause });
    this.reason = reason;
  }
}

/** The deployment answers but cannot be used: too old a version, or a user without rights on the database. */
export class MongoSetupError extends Error {
  override readonly name = 'MongoSetupError';
}

/**
 * The start's wait for a first server, shorter than an operation's (see `client-options.ts`):
 * past `deadlineMs` the start fails with the last reason a server gave (`connect
 * ECONNREFUSED …`), while the client keeps its longer wait for the operations to come.
 */
async function connectWithin(client: MongoClient, deadlineMs: number | undefined): Promise<void> {
  if (deadlineMs === undefined) {
    await client.connect();
    return;
  }
  let lastFailure: Error | undefined;
  const noteFailure = (event: { failure: Error }) => {
    lastFailure = event.failure;
  };
  client.on('serverHeartbeatFailed', noteFailure);
  let timer: NodeJS.Timeout | undefined;
  const connecting = client.connect();
  // Past the deadline the caller closes the client, which ends this attempt: not an unhandled rejection.
  connecting.catch(() => {});
  try {
    await Promise.race([
      connecting,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          const reason = lastFailure?.message ?? `no server answered within ${deadlineMs} ms`;
          reject(new Error(reason, { cause: lastFailure }));
        }, deadlineMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    client.off('serverHeartbeatFailed', noteFailure);
  }
}

/** The server's version, refused below `MONGODB_MINIMUM_VERSION` with a sentence saying so. */
async function checkVersion(client: MongoClient): Promise<void> {
  const info = (await client.db('admin').command({ buildInfo: 1 })) as {
    version?: string;
    versionArray?: number[];
  };
  const [major = 0, minor = 0] = info.versionArray ?? (info.version ?? '0.0').split('.').map(Number);
  const [minMajor, minMinor] = MONGODB_MINIMUM_VERSION;
  if (major < minMajor || (major === minMajor && minor < minMinor))
    throw new MongoSetupError(
      `MongoDB ${info.version ?? `${major}.${minor}`} is too old: Quire needs ${minMajor}.${minMinor} or later`,
    );
}

/** A refusal of the user's rights on the database, said with what to change. */
export function describeMongoAuthorizationFailure(
  error: unknown,
  dbName: string,
): MongoSetupError | undefined {
  if (!(error instanceof MongoServerError) || (error.code !== 13 && error.codeName !== 'Unauthorized'))
    return undefined;
  return new MongoSetupError(
    `the MongoDB user of MONGODB_URI is not authorized on the database "${dbName}" (${error.message}): ` +
      'grant it readWrite (and createIndex) there, or name the database it may use in the URI path or MONGODB_DB',
  );
}

/**
 * Opens the MongoDB engine: the official driver's `Db` is the `StoreDatabase` as is (its
 * `Collection` satisfies `StoreCollection`, checked at the type level by a test), so no
 * wrapper can drift from the driver's semantics; a proxy only watches its writes for an
 * attached document (`withAttachedWrite`), and passes every call to the driver. The client's options are Quire's defaults
 * (`mongoClientOptions`: majority writes in the journal, primary reads, an election's wait);
 * the start alone gives up after `MONGODB_CONNECT_TIMEOUT_MS`. The database is `dbName`,
 * else the URI's, else `quire`.
 */
export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  let client: MongoClient | undefined;
  const clientOptions: MongoClientOptions = mongoClientOptions(uri);
  try {
    client = new MongoClient(uri, clientOptions);
    await connectWithin(client, startupDeadlineMs(uri));
  } catch (error) {
    // Release whatever the failed attempt holds (monitors, sockets) before reporting it.
    await client?.close().catch(() => {});
    throw new MongoConnectionError(mongoHostsOf(uri), error);
  }
  const connected = client;
  try {
    await checkVersion(connected);
  } catch (error) {
    await connected.close().catch(() => {});
    throw error;
  }
  const dbName = mongoDatabaseNameFor(uri, options.dbName);
  // The driver's `Db` itself, seen through a proxy that runs a write carrying an attached
  // document in a transaction with it (`attached-writes.ts`); every other call is the driver's.
  const { db, withAttachedWrite } = attachedWritesOver(connected, connected.db(dbName));
  return {
    engine: 'mongodb',
    db,
    withAttachedWrite,
    async ping() {
      await db.admin().command({ ping: 1 });
    },
    async time() {
      const hello = await db.admin().command({ hello: 1 });
      if (!(hello.localTime instanceof Date)) throw new Error('MongoDB answered hello without its localTime');
      return hello.localTime.getTime();
    },
    async collectionNames() {
      const listed = await db.listCollections({}, { nameOnly: true }).toArray();
      return listed.map((collection) => collection.name).filter((name) => !name.startsWith('system.'));
    },
    async close() {
      await connected.close();
    },
  };
}
