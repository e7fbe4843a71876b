import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { StoreUnavailableError } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { JournalClosedError, type JournalOp, openStorage } from '../../src/durability';
import { FaultInjectingFs } from '../../src/durability/fault-injecting-fs';
import { tempDir } from './helpers';

const put = (id: string): JournalOp => ({ op: 'put', c: 'items', id, doc: JSON.stringify({ _id: id }) });

function track(promise: Promise<void>) {
  const outcome: { settled: boolean; error?: unknown } = { settled: false };
  promise.then(
    () => {
      outcome.settled = true;
    },
    (error: unknown) => {
      outcome.settled = true;
      outcome.error = error;
    },
  );
  return outcome;
}

/** Lets every pending callback and I/O completion run a few times over (no timing involved). */
async function turns(count = 5): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function storedIds(dir: string): Promise<string[]> {
  const storage = await openStorage(dir);
  const ids = [...(storage.state.get('items')?.docs.keys() ?? [])].sort();
  await storage.journal.close();
  return ids;
}

const journalSize = async (dir: string) => (await stat(path.join(dir, 'journal-000001.log'))).size;

describe('group commit', () => {
  it('acknowledges a commit only after its fdatasync completed', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const storage = await openStorage(dir, { fs: faults.fs });
    const sync = faults.pause('fdatasync');
    const commit = storage.journal.commit([put('a')]);
    const first = track(commit);
    await sync.reached; // written, waiting on fdatasync
    await turns();
    expect(first.settled).toBe(false);
    sync.resume();
    await commit;
    expect(first).toEqual({ settled: true });
    await storage.journal.close();
  });

  it('writes batches queued during an fsync as one group with one fdatasync', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const storage = await openStorage(dir, { fs: faults.fs });
    const sync = faults.pause('fdatasync');
    const first = storage.journal.commit([put('first')]);
    await sync.reached; // the first group is written and waits on its fdatasync
    const queued = Array.from({ length: 10 }, (_, i) => storage.journal.commit([put(`q${i}`)]));
    await turns();
    expect(storage.stats().groupCommit).toEqual({ groups: 0, batches: 0 });
    sync.resume();
    await first;
    await Promise.all(queued);
    expect(storage.stats().groupCommit).toEqual({ groups: 2, batches: 11 });
    await storage.journal.close();
    expect(await storedIds(dir)).toHaveLength(11);
  });

  it('keeps up with many concurrent writers, each acknowledged after its own fsync', async () => {
    const dir = await tempDir();
    const storage = await openStorage(dir);
    const writers = 32;
    const perWriter = 40;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) await storage.journal.commit([put(`${w}-${i}`)]);
      }),
    );
    const { groups, batches } = storage.stats().groupCommit;
    expect(batches).toBe(writers * perWriter);
    expect(groups).toBeLessThan(batches / 4);
    await storage.journal.close();
    expect(await storedIds(dir)).toHaveLength(writers * perWriter);
  });

  it('refuses the whole group when the write fails half way (ENOSPC), cuts it off, and resumes once there is room', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const storage = await openStorage(dir, { fs: faults.fs });
    await storage.journal.commit([put('kept')]);
    const acknowledgedBytes = await journalSize(dir);

    faults.inject({ operation: 'write', code: 'ENOSPC', torn: true });
    const undone: string[] = [];
    const group = [1, 2, 3].map((i) =>
      storage.journal.commit([put(`lost${i}`)], () => undone.push(`lost${i}`)),
    );
    for (const result of await Promise.allSettled(group)) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as Error;
      expect(reason).toBeInstanceOf(StoreUnavailableError);
      expect(reason.message).toBe('storage unavailable: no space left on device');
      expect(reason.cause).toMatchObject({ code: 'ENOSPC' });
    }
    // Undone last first, as each may depend on the ones before it.
    expect(undone).toEqual(['lost3', 'lost2', 'lost1']);
    // The half-written group is cut off at once: a restart must not find a torn record.
    expect(await journalSize(dir)).toBe(acknowledgedBytes);
    expect(storage.stats().journalFailed).toBe(true);
    await expect(storage.probe()).rejects.toThrow('storage unavailable: no space left on device');
    expect(await journalSize(dir)).toBe(acknowledgedBytes);

    faults.clear();
    await storage.probe();
    expect(storage.stats().journalFailed).toBe(false);
    await storage.journal.commit([put('later')]);
    await storage.journal.close();
    expect(await storedIds(dir)).toEqual(['kept', 'later']);
  });

  it('refuses the group whose fdatasync fails (EIO) and everything queued behind it, none of which comes back', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const storage = await openStorage(dir, { fs: faults.fs });
    await storage.journal.commit([put('ok')]);

    const sync = faults.pause('fdatasync');
    const inFlight = [storage.journal.commit([put('a')]), storage.journal.commit([put('b')])];
    await sync.reached;
    const queuedBehind = storage.journal.commit([put('c')]);
    const outcomes = Promise.allSettled([...inFlight, queuedBehind]);
    faults.inject({ operation: 'fdatasync', code: 'EIO', times: 1 });
    sync.resume();
    for (const outcome of await outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
      expect((outcome as PromiseRejectedResult).reason.message).toBe('storage unavailable: I/O error (EIO)');
    }
    // Records a and b were whole in the page cache: they must not be replayed on restart.
    const journal = await readFile(path.join(dir, 'journal-000001.log'));
    expect(journal.includes('"a"')).toBe(false);

    // The fault was one fdatasync: the next commit restores the journal and goes through.
    await storage.journal.commit([put('d')]);
    await storage.journal.close();
    expect(await storedIds(dir)).toEqual(['d', 'ok']);
  });

  it('stays refusing while the cut-back itself cannot be made durable, and resumes after', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const storage = await openStorage(dir, { fs: faults.fs });
    await storage.journal.commit([put('ok')]);
    faults.inject({ operation: 'fdatasync', code: 'EIO' });
    faults.inject({ operation: 'fsync', code: 'EIO' });
    await expect(storage.journal.commit([put('x')])).rejects.toThrow('storage unavailable: I/O error (EIO)');
    await expect(storage.journal.commit([put('y')])).rejects.toThrow('storage unavailable: I/O error (EIO)');
    await expect(storage.probe()).rejects.toBeInstanceOf(StoreUnavailableError);
    faults.clear();
    await storage.probe();
    await storage.journal.commit([put('z')]);
    await storage.journal.close();
    expect(await storedIds(dir)).toEqual(['ok', 'z']);
  });

  it('close flushes queued commits, then refuses new ones', async () => {
    const dir = await tempDir();
    const storage = await openStorage(dir);
    const pending = [storage.journal.commit([put('x')]), storage.journal.commit([put('y')])];
    const closed = storage.journal.close();
    const refused = storage.journal.commit([put('z')]);
    await expect(refused).rejects.toBeInstanceOf(JournalClosedError);
    await expect(refused).rejects.toThrow('storage unavailable: the store is closed');
    await Promise.all(pending);
    await closed;
    expect(await storedIds(dir)).toEqual(['x', 'y']);
  });
});
