/**
 * Databases that let a test decide when each store call runs, to try interleavings of
 * concurrent operations (with fast-check's scheduler) and crashes between two writes.
 */

import type { Document, StoreCollection, StoreCursor, StoreDatabase } from '@quire/store';
import type { Scheduler } from 'fast-check';

/** Decides when the call `label` may start; resolves to go ahead. */
type Gate = (label: string) => Promise<void>;

const GATED_METHODS = new Set([
  'findOne',
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndDelete',
  'deleteOne',
  'deleteMany',
  'countDocuments',
]);

/** A cursor whose query starts when the gate lets it (on `toArray`), with its transforms. */
function gatedCursor<T>(label: string, gate: Gate, open: () => StoreCursor<T>): StoreCursor<T> {
  return {
    map: <U>(transform: (doc: T) => U) => gatedCursor(label, gate, () => open().map(transform)),
    toArray: async () => {
      await gate(label);
      return open().toArray();
    },
  };
}

function gatedCollection<T extends Document>(inner: StoreCollection<T>, gate: Gate): StoreCollection<T> {
  return new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const label = `${target.collectionName}.${property}`;
      if (property === 'find') {
        return (...args: unknown[]) =>
          gatedCursor(label, gate, () =>
            (value as (...a: unknown[]) => StoreCursor<unknown>).apply(target, args),
          );
      }
      if (!GATED_METHODS.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        await gate(`${label} ${JSON.stringify(args[0])}`);
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
}

function gatedDatabase(inner: StoreDatabase, gate: Gate): StoreDatabase {
  return {
    collection: <T extends Document>(name: string) => gatedCollection(inner.collection<T>(name), gate),
  };
}

/** Every store call waits for the scheduler to let it start, so the scheduler orders the calls. */
export function scheduledDatabase(inner: StoreDatabase, scheduler: Scheduler): StoreDatabase {
  return gatedDatabase(inner, async (label) => {
    await scheduler.schedule(Promise.resolve(label), label);
  });
}

/**
 * A process that dies before its `callsBeforeCrash + 1`-th store call: that call and every
 * later one never start (their promises never settle), like a SIGKILL between two writes.
 * `died` resolves when that happens.
 */
export function crashingDatabase(
  inner: StoreDatabase,
  callsBeforeCrash: number,
): { db: StoreDatabase; died: Promise<void> } {
  let calls = 0;
  let die: () => void = () => {};
  const died = new Promise<void>((resolve) => {
    die = resolve;
  });
  const db = gatedDatabase(inner, (_label) => {
    calls++;
    if (calls <= callsBeforeCrash) return Promise.resolve();
    die();
    return new Promise<void>(() => {});
  });
  return { db, died };
}
