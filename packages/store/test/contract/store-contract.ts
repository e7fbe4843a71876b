/**
 * The store contract, written once and run against every engine (`engines.test.ts`): the
 * behaviour Quire's repositories may rely on, with MongoDB's semantics as the reference.
 * An engine passes when it behaves like MongoDB on every case here.
 *
 * Deliberately outside the contract, because the engines legitimately differ:
 * - an `updateMany` that fails half-way (MongoDB keeps the documents updated before the
 *   failure; the embedded engine applies it atomically);
 * - the type of generated `_id`s (an ObjectId on MongoDB);
 * - `$`-prefixed field names where MongoDB 5.0+ accepts them and the embedded engine does not:
 *   a nested one in a `$set` path (`address.$street`) and one an upsert inserts. Quire writes
 *   none (no key of a stored document comes from a request); where both agree (inserts,
 *   replacements, a top-level `$set`) is a contract case.
 */
import { describe } from 'vitest';
import { describeConcurrency } from './cases/concurrency';
import { describeEngineAgreements } from './cases/engine-agreements';
import { describeErrors } from './cases/errors';
import { describeIndexes } from './cases/indexes';
import { describePaging } from './cases/paging';
import { describeQueries } from './cases/queries';
import { describeReading } from './cases/reading';
import { describeUpdates } from './cases/updates';
import { describeUpserts } from './cases/upserts';
import { describeWrites } from './cases/writes';
import { type OpenFreshDatabase, useFreshDatabase } from './context';

export type { FreshDatabase, OpenFreshDatabase } from './context';

/**
 * Registers the contract suite for one engine. `openFreshDatabase` runs before every test
 * and must return an empty database that no other test uses; its `close` runs after the test.
 */
export function describeStoreContract(engineName: string, openFreshDatabase: OpenFreshDatabase): void {
  describe(`store contract: ${engineName}`, () => {
    const ctx = useFreshDatabase(openFreshDatabase);
    describeQueries(ctx);
    describeReading(ctx);
    describePaging(ctx);
    describeWrites(ctx);
    describeUpdates(ctx);
    describeUpserts(ctx);
    describeIndexes(ctx);
    describeConcurrency(ctx);
    describeErrors(ctx);
    describeEngineAgreements(ctx);
  });
}
