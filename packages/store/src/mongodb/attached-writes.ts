/**
 * `withAttachedWrite` on MongoDB: the first write inside a scope that changes something runs
 * in a transaction (a driver session's `withTransaction`) with the insert of the attached
 * document, so the change and, say, its audit event commit together or not at all.
 *
 * How it reaches the writes without the repositories knowing: the store's `Db` is the
 * driver's, seen through a proxy whose `collection()` gives collections whose write methods
 * look for a scope first. Outside a scope (every read, every write not in one) the call goes
 * straight to the driver's method; the proxy keeps `instanceof Db` and `instanceof
 * Collection` true, so `mongoDatabaseOf`, GridFS and change streams see the driver's objects.
 *
 * A write in a scope that changes nothing (an update matching nothing) commits its empty
 * transaction and leaves the scope open: the next write is the first. Two writes started
 * side by side in one scope: the second runs outside the transaction while the first is in
 * it; if the first then changed nothing, the document rides the next write after, not the
 * second (the domain's operations write one after the other).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientSession, Db, Document } from 'mongodb';
import type {
  AttachedDocument,
  AttachedDocumentSource,
  AttachedWriteOptions,
  WithAttachedWrite,
} from '../attached-write';

/** The collection methods that write, and where each takes its options. */
const OPTIONS_AT: Readonly<Record<string, number>> = {
  insertOne: 1,
  insertMany: 1,
  updateOne: 2,
  updateMany: 2,
  replaceOne: 2,
  findOneAndUpdate: 2,
  findOneAndReplace: 2,
  findOneAndDelete: 1,
  deleteOne: 1,
  deleteMany: 1,
  bulkWrite: 1,
};

interface AttachScope {
  readonly source: AttachedDocumentSource;
  readonly passOver: ReadonlySet<string> | undefined;
  /** 'open' until a write takes the document; 'busy' while one tries; 'taken' once committed. */
  state: 'open' | 'busy' | 'taken';
  /** The source's answer, asked once (a retried transaction inserts the same document). */
  attached?: AttachedDocument | undefined;
  asked: boolean;
}

/** What starting a session needs: the driver's `MongoClient` has it. */
export interface SessionSource {
  startSession(): ClientSession;
}

export interface AttachedWrites {
  /** The database to serve: the driver's `db`, its collections' writes watching for scopes. */
  db: Db;
  withAttachedWrite: WithAttachedWrite;
}

export function attachedWritesOver(client: SessionSource, db: Db): AttachedWrites {
  const scopes = new AsyncLocalStorage<AttachScope>();
  const collections = new Map<string, unknown>();

  const writeInScope = async (
    target: Record<string, (...args: unknown[]) => Promise<unknown>>,
    method: string,
    args: unknown[],
    scope: AttachScope,
  ): Promise<unknown> => {
    scope.state = 'busy';
    const session = client.startSession();
    let result: unknown;
    let changed = false;
    try {
      await session.withTransaction(async () => {
        result = await target[method]!(...withSession(args, OPTIONS_AT[method]!, session));
        changed = changedBy(method, result);
        if (!changed) return;
        if (!scope.asked) {
          scope.attached = scope.source();
          scope.asked = true;
        }
        const attached = scope.attached;
        if (attached !== undefined) {
          await db
            .collection<Document & { _id: string }>(attached.collection)
            .insertOne(structuredClone(attached.document), { session });
        }
      });
    } catch (error) {
      scope.state = 'open';
      throw error;
    } finally {
      await session.endSession();
    }
    scope.state = changed ? 'taken' : 'open';
    return result;
  };

  const watched = (collection: object): unknown =>
    new Proxy(collection, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (
          typeof property !== 'string' ||
          OPTIONS_AT[property] === undefined ||
          typeof value !== 'function'
        ) {
          return value;
        }
        return (...args: unknown[]) => {
          const scope = scopes.getStore();
          if (
            scope === undefined ||
            scope.state !== 'open' ||
            scope.passOver?.has((target as { collectionName?: string }).collectionName ?? '')
          ) {
            return value.apply(target, args);
          }
          return writeInScope(target as never, property, args, scope);
        };
      },
    });

  const database = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'collection' || typeof value !== 'function') return value;
      return (name: string, options?: unknown) => {
        if (options !== undefined) return watched(value.call(target, name, options));
        let collection = collections.get(name);
        if (collection === undefined) {
          collection = watched(value.call(target, name));
          collections.set(name, collection);
        }
        return collection;
      };
    },
  });

  return {
    db: database,
    withAttachedWrite: (source, run, options?: AttachedWriteOptions) =>
      scopes.run({ source, passOver: options?.passOver, state: 'open', asked: false }, run),
  };
}

/** `args` with the session in the options at `position` (the caller's options kept). */
function withSession(args: readonly unknown[], position: number, session: ClientSession): unknown[] {
  const copy = [...args];
  while (copy.length < position) copy.push(undefined);
  copy[position] = { ...((args[position] as Document | undefined) ?? {}), session };
  return copy;
}

/** Whether a write's result says it changed a document (the driver's result shapes). */
export function changedBy(method: string, result: unknown): boolean {
  if (method.startsWith('findOneAnd')) return result !== null && result !== undefined;
  const counts = (result ?? {}) as Record<string, unknown>;
  const count = (field: string) => (typeof counts[field] === 'number' ? (counts[field] as number) : 0);
  switch (method) {
    case 'insertOne':
      return true;
    case 'insertMany':
      return count('insertedCount') > 0;
    case 'deleteOne':
    case 'deleteMany':
      return count('deletedCount') > 0;
    case 'bulkWrite':
      return (
        count('insertedCount') + count('modifiedCount') + count('upsertedCount') + count('deletedCount') > 0
      );
    default:
      return count('modifiedCount') + count('upsertedCount') > 0;
  }
}
