import type { Collection, Db } from 'mongodb';
import { describe, expectTypeOf, it } from 'vitest';
import type { Document, StoreCollection, StoreDatabase } from '../src/collection';

interface Item {
  _id: string;
  organizationId: string;
  title: string;
  tags: string[];
  version: number;
}

// tsc checks these assignments (the package's typecheck includes test/); the `it` blocks
// make the same facts visible in the test report.
function driverCollectionIsAStoreCollection<T extends Document>(
  collection: Collection<T>,
): StoreCollection<T> {
  return collection;
}
function driverDbIsAStoreDatabase(db: Db): StoreDatabase {
  return db;
}

describe('the official driver satisfies the store contract', () => {
  it('Collection<T> is assignable to StoreCollection<T>', () => {
    expectTypeOf<Collection<Item>>().toExtend<StoreCollection<Item>>();
    expectTypeOf<Collection<Document>>().toExtend<StoreCollection<Document>>();
    expectTypeOf(driverCollectionIsAStoreCollection<Item>).returns.toEqualTypeOf<StoreCollection<Item>>();
  });

  it('Db is assignable to StoreDatabase', () => {
    expectTypeOf<Db>().toExtend<StoreDatabase>();
    expectTypeOf(driverDbIsAStoreDatabase).returns.toEqualTypeOf<StoreDatabase>();
  });
});
