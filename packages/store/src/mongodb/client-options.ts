import type { MongoClientOptions } from 'mongodb';

/**
 * How long the first connection may take before the server gives up (the driver's default
 * server selection timeout is 30 s, which left a failed start silent for half a minute).
 * Only the start is cut short: see `MONGODB_SERVER_SELECTION_TIMEOUT_MS`.
 */
export const MONGODB_CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long an operation waits for a suitable server once started: long enough for a replica
 * set election (about 10 s with the default `electionTimeoutMillis`, plus catch-up), so a
 * failover delays requests instead of failing them. The driver then retries the reads and
 * writes it marks retryable (`retryReads`, `retryWrites`, both on by default).
 */
export const MONGODB_SERVER_SELECTION_TIMEOUT_MS = 30_000;

/** The option names a URI sets, lowercased (URI option names are case-insensitive). */
export function uriOptionNames(uri: string): Set<string> {
  const query = uri.includes('?') ? uri.slice(uri.indexOf('?') + 1) : '';
  const names = new Set<string>();
  for (const pair of query.split('&')) {
    const name = pair.split('=', 1)[0]?.trim().toLowerCase();
    if (name) names.add(name);
  }
  return names;
}

/** The database named in a URI's path (`mongodb://host/docs?…` gives `docs`), if any. */
export function uriDatabaseName(uri: string): string | undefined {
  const afterScheme = uri.replace(/^mongodb(\+srv)?:\/\//, '');
  const pathStart = afterScheme.search(/[/?]/);
  if (pathStart === -1 || afterScheme[pathStart] !== '/') return undefined;
  const path = afterScheme.slice(pathStart + 1).split('?', 1)[0] ?? '';
  return path === '' ? undefined : decodeURIComponent(path);
}

/**
 * The client's options: Quire's defaults where the URI is silent, the URI's own otherwise,
 * except the two Quire's correctness rests on.
 *
 * 1. Server selection waits `MONGODB_SERVER_SELECTION_TIMEOUT_MS` (an election), unless the URI sets it.
 * 2. A connection attempt gives up after `MONGODB_CONNECT_TIMEOUT_MS`, unless the URI sets `connectTimeoutMS`.
 * 3. Writes are acknowledged by a majority, in the journal (`w=majority&journal=true`), unless the URI
 *    sets `w` or `journal`: on a standalone server or a primary-secondary-arbiter set, w:1 without the
 *    journal lets an acknowledged write vanish in a crash; the embedded engine fsyncs before it acknowledges.
 * 4. Reads see majority-committed data (`readConcernLevel=majority`), unless the URI sets a level, so a
 *    read never returns a write a failover rolls back.
 * 5. Reads always go to the primary, whatever the URI asks: Quire reads its own writes (a signing key
 *    created then read, a revision written then served), which a secondary may not have yet.
 * 6. `undefined` fields are left out, never stored as `null`, as the embedded engine does: a condition
 *    `{ field: { $exists: false } }` means the same on both engines.
 */
export function mongoClientOptions(uri: string): MongoClientOptions {
  const set = uriOptionNames(uri);
  return {
    ...(set.has('serverselectiontimeoutms')
      ? {}
      : { serverSelectionTimeoutMS: MONGODB_SERVER_SELECTION_TIMEOUT_MS }),
    ...(set.has('connecttimeoutms') ? {} : { connectTimeoutMS: MONGODB_CONNECT_TIMEOUT_MS }),
    ...(set.has('w') || set.has('journal') || set.has('j') ? {} : { w: 'majority', journal: true }),
    ...(set.has('readconcernlevel') ? {} : { readConcernLevel: 'majority' }),
    readPreference: 'primary',
    ignoreUndefined: true,
  };
}

/**
 * How long the start may wait for a first server before it gives up, when Quire must cut it
 * short itself: undefined when the URI sets `serverSelectionTimeoutMS` (the driver's own wait
 * then ends the start, with the driver's error).
 */
export function startupDeadlineMs(uri: string): number | undefined {
  return uriOptionNames(uri).has('serverselectiontimeoutms') ? undefined : MONGODB_CONNECT_TIMEOUT_MS;
}
