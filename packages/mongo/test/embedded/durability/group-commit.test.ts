import { describe, expect, it } from 'vitest';
import {
  JournalClosedError,
  JournalFailedError,
  type JournalOp,
  nodeStorageFs,
  openStorage,
  type StorageFs,
} from '../../../src/embedded/durability/index';
import { errnoError, faultyFs, tempDir } from './helpers';

const put = (id: string): JournalOp => ({ op: 'put', c: 'items', id, doc: JSON.stringify({ _id: id }) });

/** The real file system, except that each fdatasync waits until the test releases it. */
function gatedFs() {
  const waiting: Array<() => void> = [];
  let failNext: string | null = null;
  const fs: StorageFs = {
    ...nodeStorageFs,
    fdatasync: async (fd) => {
      await new Promise<void>((release) => waiting.push(release));
      if (failNext !== null) {
        const code = failNext;
        failNext = null;
        throw errnoError(code, 'fdatasync');
      }
      return nodeStorageFs.fdatasync(fd);
    },
  };
  return {
    fs,
    /** Resolves once an fdatasync is waiting (the group's write is done). */
    async syncPending() {
      while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    },
    /** Waits for an fdatasync, then lets it proceed (or fail with `code`). */
    async releaseSync(code?: string) {
      await this.syncPending();
      if (code !== undefined) failNext = code;
      waiting.shift()!();
    },
  };
}

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

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function storedIds(dir: string): Promise<string[]> {
  const storage = await openStorage(dir);
  const ids = [...(storage.state.get('items')?.docs.keys() ?? [])].sort();
  await storage.journal.close();
  return ids;
}

describe('group commit', () => {
  it('acknowledges a commit only after its fdatasync completed', async () => {
    const dir = await tempDir();
    const gate = gatedFs();
    const storage = await openStorage(dir, { fs: gate.fs });
    const commit = storage.journal.commit([put('a')]);
    const first = track(commit);
    await gate.syncPending(); // written, waiting on fdatasync
    await tick();
    expect(first.settled).toBe(false);
    await gate.releaseSync();
    // No timing assumption: the acknowledgement must come, whenever the real fdatasync ends.
    await commit;
    expect(first).toEqual({ settled: true });
    await storage.journal.close();
  });

  it('writes batches queued during an fsync as one group with one fdatasync', async () => {
    const dir = await tempDir();
    const gate = gatedFs();
    const storage = await openStorage(dir, { fs: gate.fs });
    const first = storage.journal.commit([put('first')]);
    await gate.syncPending(); // the first group is written and waits on its fdatasync
    const queued = Array.from({ length: 10 }, (_, i) => storage.journal.commit([put(`q${i}`)]));
    await tick();
    expect(storage.stats().groupCommit).toEqual({ groups: 0, batches: 0 });
    await gate.releaseSync();
    await first;
    await gate.releaseSync();
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

  it('rejects the whole group when the write fails (ENOSPC), then fails every later commit', async () => {
    const dir = await tempDir();
    const faulty = faultyFs();
    const storage = await openStorage(dir, { fs: faulty.fs });
    await storage.journal.commit([put('kept')]);

    faulty.fail.write = 'ENOSPC';
    const group = [1, 2, 3].map((i) => storage.journal.commit([put(`lost${i}`)]));
    const results = await Promise.allSettled(group);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'ENOSPC' });
    }

    faulty.fail.write = undefined; // even with the disk healthy again, the journal stays failed
    const later = storage.journal.commit([put('later')]);
    await expect(later).rejects.toBeInstanceOf(JournalFailedError);
    await expect(later).rejects.toThrow(/must be closed and reopened/);
    expect(storage.stats().journalFailed).toBe(true);
    await storage.journal.close();

    expect(await storedIds(dir)).toEqual(['kept']);
  });

  it('rejects the group whose fdatasync fails (EIO) and everything queued behind it', async () => {
    const dir = await tempDir();
    const gate = gatedFs();
    const storage = await openStorage(dir, { fs: gate.fs });
    const ok = storage.journal.commit([put('ok')]);
    await gate.releaseSync();
    await ok;

    const inFlight = [storage.journal.commit([put('a')]), storage.journal.commit([put('b')])];
    await tick();
    const queuedBehind = storage.journal.commit([put('c')]);
    const outcomes = Promise.allSettled([...inFlight, queuedBehind]);
    await gate.releaseSync('EIO');
    const [a, b, c] = await outcomes;
    expect(a).toMatchObject({ status: 'rejected', reason: { code: 'EIO' } });
    expect(b).toMatchObject({ status: 'rejected', reason: { code: 'EIO' } });
    expect(c?.status).toBe('rejected');
    expect((c as PromiseRejectedResult).reason).toBeInstanceOf(JournalFailedError);
    await expect(storage.journal.commit([put('d')])).rejects.toBeInstanceOf(JournalFailedError);
    await storage.journal.close();

    // The lock was released despite the failure; the acknowledged write is there.
    expect(await storedIds(dir)).toContain('ok');
  });

  it('close flushes queued commits, then refuses new ones', async () => {
    const dir = await tempDir();
    const storage = await openStorage(dir);
    const pending = [storage.journal.commit([put('x')]), storage.journal.commit([put('y')])];
    const closed = storage.journal.close();
    await expect(storage.journal.commit([put('z')])).rejects.toBeInstanceOf(JournalClosedError);
    await Promise.all(pending);
    await closed;
    expect(await storedIds(dir)).toEqual(['x', 'y']);
  });
});
