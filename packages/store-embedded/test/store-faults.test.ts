/**
 * The embedded store on a disk that fills up or fails: writes refused with a
 * `StoreUnavailableError`, `ping` (the server's readiness) failing while writes are
 * refused, and the store resuming by itself once the disk takes writes again.
 */

import { isStoreUnavailableError } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { FaultInjectingFs } from '../src/durability/fault-injecting-fs';
import { openEmbeddedStore } from '../src/embedded-store';
import { tempDir } from './durability/helpers';

interface Item {
  _id: string;
  n?: number;
}

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return { unavailable: isStoreUnavailableError(error), message: (error as Error | undefined)?.message };
};

describe('the embedded store on a failing disk', () => {
  it('is not ready while it refuses writes, and resumes by itself once the disk has room', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const store = await openEmbeddedStore(dir, { fs: faults.fs });
    const items = store.db.collection<Item>('items');
    await store.ping();
    await items.insertOne({ _id: 'kept' });

    faults.inject({ operation: 'write', code: 'ENOSPC', torn: true });
    const full = { unavailable: true, message: 'storage unavailable: no space left on device' };
    expect(await failureOf(items.insertOne({ _id: 'refused' }))).toEqual(full);
    expect(await failureOf(store.ping())).toEqual(full);
    expect(await failureOf(items.updateOne({ _id: 'kept' }, { $set: { n: 1 } }))).toEqual(full);
    expect(await failureOf(store.ping())).toEqual(full);
    expect(await items.find({}).toArray()).toEqual([{ _id: 'kept' }]);

    faults.clear();
    await store.ping(); // no write needed: the readiness check itself resumes the store
    await items.insertOne({ _id: 'after' });
    await store.close();
    expect(await failureOf(store.ping())).toEqual({
      unavailable: true,
      message: 'storage unavailable: the store is closed',
    });

    const reopened = await openEmbeddedStore(dir);
    expect(
      await reopened.db
        .collection<Item>('items')
        .find({}, { sort: { _id: 1 } })
        .toArray(),
    ).toEqual([{ _id: 'after' }, { _id: 'kept' }]);
    await reopened.close();
  });

  it('reports an I/O error of fdatasync as such, and resumes when fdatasync works again', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const store = await openEmbeddedStore(dir, { fs: faults.fs });
    const items = store.db.collection<Item>('items');
    faults.inject({ operation: 'fdatasync', code: 'EIO' });
    const eio = { unavailable: true, message: 'storage unavailable: I/O error (EIO)' };
    expect(await failureOf(items.insertOne({ _id: 'refused' }))).toEqual(eio);
    expect(await failureOf(store.ping())).toEqual(eio);
    faults.clear();
    await items.insertOne({ _id: 'after' });
    await store.ping();
    await store.close();

    const reopened = await openEmbeddedStore(dir);
    expect(await reopened.db.collection<Item>('items').find({}).toArray()).toEqual([{ _id: 'after' }]);
    await reopened.close();
  });
});
