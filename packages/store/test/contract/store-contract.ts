/**
 * The store contract, written once and run against every engine (`engines.test.ts`): the
 * behaviour Quire's repositories may rely on, with MongoDB's semantics as the reference.
 * An engine passes when it behaves like MongoDB on every case here.
 *
 * Deliberately outside the contract, because the engines legitimately differ:
 * - what an ordered `insertMany` leaves behind when it hits a duplicate key (MongoDB keeps the
 *   documents before it; the embedded engine applies the batch atomically), and likewise an
 *   `updateMany` that fails half-way;
 * - the type of generated `_id`s (an ObjectId on MongoDB);
 * - the order of strings whose first difference is a character above U+FFFF against one in
 *   U+E000-U+FFFF: the embedded engine compares UTF-16 units, MongoDB UTF-8 bytes (Quire sorts
 *   no such keys today; aligning the engine's three comparisons is issue 34's item 8, left);
 * - `$`-prefixed field names, which MongoDB 5.0+ accepts in some places only: Quire writes none
 *   (no key of a stored document comes from a request).
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
