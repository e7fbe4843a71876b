/** The core's compare-and-swap loop: one write per change, a lost race read again, a bounded number of tries. */
import { describe, expect, it } from 'vitest';
import {
  COMPARE_AND_SWAP_TRIES,
  compareAndSwap,
  type VersionedRecordAccess,
} from '../src/core/compare-and-swap';

interface Counter {
  id: string;
  count: number;
  version: number;
}

/** One stored record, and a number of writes by others to land just before each of ours. */
function stored(initial: Counter | null, racingWrites = 0) {
  let record = initial;
  let races = racingWrites;
  const writes: Counter[] = [];
  const access: VersionedRecordAccess<Counter> = {
    name: 'the counter c',
    read: async () => record,
    async replace(next, expectedVersion) {
      if (races > 0 && record) {
        races--;
        record = { ...record, count: record.count + 100, version: record.version + 1 };
      }
      if (record?.version !== expectedVersion) return false;
      record = next;
      writes.push(next);
      return true;
    },
    async insert(next) {
      if (record) return false;
      record = next;
      writes.push(next);
      return true;
    },
  };
  return { access, writes, current: () => record };
}

const increment = (current: Counter | null): Counter | null =>
  current && { ...current, count: current.count + 1 };

describe('compareAndSwap', () => {
  it('writes the change with the next version', async () => {
    const { access, writes } = stored({ id: 'c', count: 1, version: 3 });
    expect(await compareAndSwap(access, increment)).toEqual({ id: 'c', count: 2, version: 4 });
    expect(writes).toHaveLength(1);
  });

  it('applies the change again to the record that won a race', async () => {
    const { access, current } = stored({ id: 'c', count: 1, version: 1 }, 2);
    const written = await compareAndSwap(access, increment);
    expect(written).toEqual({ id: 'c', count: 202, version: 4 });
    expect(current()).toEqual(written);
  });

  it('inserts a record there was none of, with version 1', async () => {
    const { access } = stored(null);
    expect(await compareAndSwap(access, () => ({ id: 'c', count: 0, version: 0 }))).toEqual({
      id: 'c',
      count: 0,
      version: 1,
    });
  });

  it('answers the record as read when the change answers null, and null when there is none', async () => {
    const record = { id: 'c', count: 1, version: 1 };
    const { access, writes } = stored(record);
    expect(await compareAndSwap(access, () => null, record)).toBe(record);
    expect(await compareAndSwap(stored(null).access, increment, null)).toBeNull();
    expect(writes).toHaveLength(0);
  });

  it('gives up after the bounded number of lost races, naming the record', async () => {
    const { access, writes } = stored({ id: 'c', count: 0, version: 1 }, COMPARE_AND_SWAP_TRIES);
    await expect(compareAndSwap(access, increment)).rejects.toThrow(
      `the counter c kept changing: gave up after ${COMPARE_AND_SWAP_TRIES} tries`,
    );
    expect(writes).toHaveLength(0);
  });

  it('gives up after the tries given, with the error given', async () => {
    const { access, writes } = stored({ id: 'c', count: 0, version: 1 }, 3);
    let reads = 0;
    const counted: VersionedRecordAccess<Counter> = {
      ...access,
      read() {
        reads += 1;
        return access.read();
      },
    };
    const gaveUp = () => new Error('the counter is busy');
    await expect(compareAndSwap(counted, increment, undefined, { tries: 3, gaveUp })).rejects.toThrow(
      'the counter is busy',
    );
    expect({ reads, writes: writes.length }).toEqual({ reads: 3, writes: 0 });
    expect(await compareAndSwap(counted, increment, undefined, { tries: 3, gaveUp })).toMatchObject({
      count: 301,
    });
  });
});
