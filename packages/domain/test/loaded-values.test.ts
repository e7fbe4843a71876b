/**
 * The core's loaded values: one read per key at a time, the value kept, a failure not, and
 * nothing of the reading request's async context kept with the value.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LoadedValues } from '../src/core/loaded-values';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('LoadedValues', () => {
  it('reads a key once for callers asking at the same time, then answers from what it kept', async () => {
    const values = new LoadedValues<string, number>(4);
    let reads = 0;
    const read = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 42;
    };
    expect(await Promise.all([values.get('a', read), values.get('a', read)])).toEqual([42, 42]);
    expect(await values.get('a', read)).toBe(42);
    expect(reads).toBe(1);
    expect(values.peek('a')).toBe(42);
  });

  it('keeps no failed read: the next caller reads again', async () => {
    const values = new LoadedValues<string, number>(4);
    await expect(values.get('a', async () => Promise.reject(new Error('store down')))).rejects.toThrow(
      'store down',
    );
    expect(values.peek('a')).toBeUndefined();
    expect(await values.get('a', async () => 7)).toBe(7);
  });

  it('keeps its bounds', async () => {
    const values = new LoadedValues<string, number>(2);
    for (const key of ['a', 'b', 'c']) await values.get(key, async () => key.length);
    expect(['a', 'b', 'c'].map((key) => values.peek(key))).toEqual([undefined, 1, 1]);
  });

  it('keeps the value, not the async context of the request that read it', async () => {
    const requests = new AsyncLocalStorage<{ services: object }>();
    const values = new LoadedValues<string, string>(4);
    let services: object | undefined = { name: 'a server since closed' };
    const closed = new WeakRef(services);
    await requests.run({ services }, () => values.get('tree', async () => 'pages'));
    services = undefined;
    for (let turn = 0; turn < 3 && closed.deref() !== undefined; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
    }
    // A kept promise holds the store of every AsyncLocalStorage active when it was made.
    expect(closed.deref()).toBeUndefined();
    expect(values.peek('tree')).toBe('pages');
  });
});
