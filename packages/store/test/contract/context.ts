import { afterEach, beforeEach } from 'vitest';
import type {
  Document,
  Filter,
  StoreCollection,
  StoreDatabase,
  StoreFindOptions,
} from '../../src/collection';

/** A database no other test uses, and how to dispose of it. */
export interface FreshDatabase {
  db: StoreDatabase;
  close(): Promise<void>;
}

/**
 * A schemaless document for the contract's cases. Its `_id` is a string, or whatever the
 * engine generates (an ObjectId on MongoDB), so the driver's types accept string ids.
 */
export interface LooseDoc {
  _id?: string | object;
  // biome-ignore lint/suspicious/noExplicitAny: schemaless on purpose, like the driver's own `Document`.
  [field: string]: any;
}

export type OpenFreshDatabase = () => Promise<FreshDatabase>;

export interface ContractContext {
  /** The running test's own database. */
  readonly db: StoreDatabase;
}

/** Gives every test of the enclosing `describe` a fresh database, closed after the test. */
export function useFreshDatabase(openFreshDatabase: OpenFreshDatabase): ContractContext {
  let current: FreshDatabase | undefined;
  beforeEach(async () => {
    current = await openFreshDatabase();
  });
  afterEach(async () => {
    const closing = current;
    current = undefined;
    await closing?.close();
  });
  return {
    get db() {
      if (!current) throw new Error('the contract database is only available inside a test');
      return current.db;
    },
  };
}

/** The `_id`s matching `filter`, in `_id` order, so assertions do not depend on natural order. */
export async function idsOf<T extends Document>(
  collection: StoreCollection<T>,
  filter: Filter<T>,
  options: StoreFindOptions = {},
): Promise<unknown[]> {
  const docs = await collection.find(filter, { sort: { _id: 1 }, ...options }).toArray();
  return docs.map((doc) => doc._id);
}

/**
 * The error `run` fails with. The driver rejects some invalid calls synchronously and others
 * asynchronously; both count, so the contract does not depend on which.
 */
export async function failureOf(run: () => unknown): Promise<Error> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error value: ${String(error)}`);
  }
  throw new Error(`expected a failure, but it resolved to ${JSON.stringify(outcome)}`);
}

/** The whole collection in `_id` order: to check that a refused write changed nothing. */
export async function contentsOf<T extends Document>(collection: StoreCollection<T>): Promise<Document[]> {
  return collection.find({}, { sort: { _id: 1 } }).toArray();
}
