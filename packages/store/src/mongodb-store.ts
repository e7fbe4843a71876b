import { MongoClient } from 'mongodb';
import type { Store } from './collection';

/**
 * How long the first connection may take before the server gives up (the driver's default
 * server selection timeout is 30 s, which left a failed start silent for half a minute).
 * A URI that sets `serverSelectionTimeoutMS` or `connectTimeoutMS` keeps its own.
 */
export const MONGODB_CONNECT_TIMEOUT_MS = 5_000;

export interface MongoStoreOptions {
  /** Defaults to the database named in the URI's path, then the driver's default ('test'). */
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

const timeoutOptionsFor = (uri: string) => {
  const query = uri.includes('?') ? uri.slice(uri.indexOf('?')).toLowerCase() : '';
  return {
    ...(query.includes('serverselectiontimeoutms=')
      ? {}
      : { serverSelectionTimeoutMS: MONGODB_CONNECT_TIMEOUT_MS }),
    ...(query.includes('connecttimeoutms=') ? {} : { connectTimeoutMS: MONGODB_CONNECT_TIMEOUT_MS }),
  };
};

/**
 * Opens the MongoDB engine: the official driver's `Db` is the `StoreDatabase` as is (its
 * `Collection` satisfies `StoreCollection`, checked at the type level by a test), so no
 * wrapper can drift from the driver's semantics.
 */
export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  let client: MongoClient | undefined;
  try {
    client = new MongoClient(uri, timeoutOptionsFor(uri));
    await client.connect();
  } catch (error) {
    // Release whatever the failed attempt holds (monitors, sockets) before reporting it.
    await client?.close().catch(() => {});
    throw new MongoConnectionError(mongoHostsOf(uri), error);
  }
  const connected = client;
  const db = connected.db(options.dbName);
  return {
    engine: 'mongodb',
    db,
    async ping() {
      await db.admin().command({ ping: 1 });
    },
    async close() {
      await connected.close();
    },
  };
}
