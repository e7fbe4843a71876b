import { readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StoreUnavailableError } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { type DurableStorage, type OpenStorageOptions, openStorage } from '../../src/durability';
import { FaultInjectingFs } from '../../src/durability/fault-injecting-fs';
import { plain, StandInEngine, tempDir } from './helpers';

async function open(dir: string, options: OpenStorageOptions = {}) {
  const storage = await openStorage(dir, options);
  const engine = new StandInEngine(storage.state, storage.journal);
  storage.setSnapshotSource(engine.snapshot);
  return { storage, engine };
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const compactions = (storage: DurableStorage) => storage.stats().compaction.compactions;

describe('compaction', () => {
  it('snapshots past the threshold, rotates the journal and deletes what the snapshot covers', async () => {
    const dir = await tempDir();
    const { storage, engine } = await open(dir, { compactAfterBytes: 4096, compactOnClose: false });
    for (let i = 0; i < 100; i++) await engine.insert('items', `id${i}`, { n: i, pad: 'x'.repeat(40) });
    await waitFor(() => compactions(storage) >= 1, 'a compaction');
    await storage.compact(); // settle: the last compaction's deletions are done after this
    const files = (await readdir(dir)).sort();
    const generation = storage.stats().generation;
    const name = (kind: string, ext: string) => `${kind}-${String(generation).padStart(6, '0')}.${ext}`;
    expect(files).toEqual(['LOCK', name('journal', 'log'), name('snapshot', 'snap')]);
    const expected = plain(engine.state);
    await storage.journal.close();

    const reopened = await openStorage(dir);
    expect(plain(reopened.state)).toEqual(expected);
    expect(reopened.recovery.snapshotGeneration).toBe(generation);
    await reopened.journal.close();
  });

  it('loses nothing when writers race compactions, and recovers the exact state', async () => {
    const dir = await tempDir();
    const { storage, engine } = await open(dir, { compactAfterBytes: 2048 });
    await engine.write([
      { op: 'createIndex', c: 'items', index: { name: 'n_1', key: [['n', 1]], unique: false } },
    ]);
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        for (let i = 0; i < 60; i++) {
          await engine.insert('items', `${w}-${i}`, { n: i });
          if (i % 3 === 0) await engine.write([{ op: 'del', c: 'items', id: `${w}-${i - 3}` }]);
          if (i % 7 === 0) await engine.insert('items', `${w}-${i}`, { n: -i });
        }
      }),
    );
    expect(compactions(storage)).toBeGreaterThan(3);
    const expected = plain(engine.state);
    await storage.journal.close();

    const reopened = await openStorage(dir);
    expect(plain(reopened.state)).toEqual(expected);
    await reopened.journal.close();
  });

  it('waits for the journal to outgrow the last snapshot before compacting again', async () => {
    const dir = await tempDir();
    const { storage, engine } = await open(dir, { compactAfterBytes: 1024, compactOnClose: false });
    for (let i = 0; i < 300; i++) await engine.insert('big', `id${i}`, { pad: 'y'.repeat(100) });
    await storage.compact();
    const snapshotBytes = storage.stats().compaction.lastSnapshotBytes;
    expect(snapshotBytes).toBeGreaterThan(30_000);
    const before = compactions(storage);
    // Updates of one small document: the journal grows past 1 KiB quickly but stays below the snapshot.
    let i = 0;
    while (storage.stats().journalBytes < snapshotBytes / 2) await engine.insert('small', 'one', { v: i++ });
    expect(compactions(storage)).toBe(before);
    while (storage.stats().journalBytes < snapshotBytes + 200)
      await engine.insert('small', 'one', { v: i++ });
    await waitFor(() => compactions(storage) === before + 1, 'the next compaction');
    await storage.journal.close();
  });

  it('compacts on close when the journal is worth it', async () => {
    const dir = await tempDir();
    const { storage, engine } = await open(dir, { compactAfterBytes: 1024 * 1024 * 1024 });
    for (let i = 0; i < 30; i++) await engine.insert('items', `id${i}`, { pad: 'z'.repeat(40_000) });
    expect(compactions(storage)).toBe(0);
    await storage.journal.close();
    expect((await readdir(dir)).sort()).toEqual(['journal-000002.log', 'snapshot-000002.snap']);
    const reopened = await openStorage(dir);
    expect(reopened.state.get('items')?.docs.size).toBe(30);
    expect(reopened.recovery.batchesReplayed).toBe(0);
    await reopened.journal.close();
  });

  it('keeps the journal working when writing the snapshot fails, and recovers from the older files', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const errors: unknown[] = [];
    const { storage, engine } = await open(dir, {
      fs: faults.fs,
      compactAfterBytes: 2048,
      compactOnClose: false,
      onBackgroundError: (error) => errors.push(error),
    });
    faults.inject({ operation: 'write', code: 'ENOSPC', path: (target) => target.endsWith('.snap.tmp') });
    for (let i = 0; i < 100; i++) await engine.insert('items', `id${i}`, { pad: 'p'.repeat(50) });
    await waitFor(() => errors.length > 0, 'the failed compaction');
    expect(errors[0]).toMatchObject({ code: 'ENOSPC' });
    expect(storage.stats().journalFailed).toBe(false);
    for (let i = 100; i < 120; i++) await engine.insert('items', `id${i}`);
    const expected = plain(engine.state);
    await storage.journal.close();
    expect((await readdir(dir)).filter((name) => name.includes('snap'))).toEqual([]);

    const reopened = await openStorage(dir);
    expect(plain(reopened.state)).toEqual(expected);
    await reopened.journal.close();
  });

  it('goes on in the current journal when the next one cannot be created, leaving no gap in generations', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const { storage, engine } = await open(dir, { fs: faults.fs, onBackgroundError: () => {} });
    await engine.insert('items', 'before');
    faults.inject({
      operation: 'open',
      code: 'ENOSPC',
      path: (target) => target.endsWith('journal-000002.log'),
    });
    await expect(storage.compact()).rejects.toMatchObject({ code: 'ENOSPC' });
    // Created, but its directory entry could not be made durable: removed again.
    faults.clear();
    faults.inject({ operation: 'fsync', code: 'EIO', times: 1 });
    await expect(storage.compact()).rejects.toMatchObject({ code: 'EIO' });
    expect(await readdir(dir)).not.toContain('journal-000002.log');
    expect(storage.stats().journalFailed).toBe(false);
    await engine.insert('items', 'after');
    await storage.compact();
    await engine.insert('items', 'compacted');
    expect(storage.stats().generation).toBe(2);
    await storage.journal.close();

    const reopened = await openStorage(dir);
    expect([...(reopened.state.get('items')?.docs.keys() ?? [])].sort()).toEqual([
      'after',
      'before',
      'compacted',
    ]);
    await reopened.journal.close();
  });

  it('refuses writes while a journal file a failed rotation left cannot be removed', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const { storage, engine } = await open(dir, { fs: faults.fs, onBackgroundError: () => {} });
    await engine.insert('items', 'before');
    const stray = (target: string) => target.endsWith('journal-000002.log');
    faults.inject({ operation: 'fsync', code: 'EIO', times: 1 });
    faults.inject({ operation: 'unlink', code: 'EIO', path: stray });
    await expect(storage.compact()).rejects.toMatchObject({ code: 'EIO' });
    expect(await readdir(dir)).toContain('journal-000002.log');
    expect(storage.stats().journalFailed).toBe(true);
    const refused = await engine.insert('items', 'refused').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect((refused as Error).message).toBe('storage unavailable: I/O error (EIO)');
    faults.clear();
    await engine.insert('items', 'after');
    expect(await readdir(dir)).not.toContain('journal-000002.log');
    await storage.journal.close();

    const reopened = await openStorage(dir);
    expect([...(reopened.state.get('items')?.docs.keys() ?? [])].sort()).toEqual(['after', 'before']);
    await reopened.journal.close();
  });

  it('recovers after a compaction died between rename and cleanup, or before the rename', async () => {
    const dir = await tempDir();
    const faults = new FaultInjectingFs();
    const errors: unknown[] = [];
    const { storage, engine } = await open(dir, {
      fs: faults.fs,
      compactAfterBytes: 1024 * 1024,
      compactOnClose: false,
      onBackgroundError: (error) => errors.push(error),
    });
    for (let i = 0; i < 50; i++) await engine.insert('items', `a${i}`);
    faults.inject({ operation: 'unlink', code: 'EIO' }); // the snapshot lands, the old journal stays
    await expect(storage.compact()).rejects.toMatchObject({ code: 'EIO' });
    faults.clear();
    for (let i = 0; i < 50; i++) await engine.insert('items', `b${i}`);
    faults.inject({ operation: 'rename', code: 'EIO' }); // the next snapshot never gets its name
    await expect(storage.compact()).rejects.toMatchObject({ code: 'EIO' });
    faults.clear();
    for (let i = 0; i < 50; i++) await engine.insert('items', `c${i}`);
    const expected = plain(engine.state);
    await storage.journal.close();
    // A partial snapshot, as a crash mid-write would leave.
    await writeFile(path.join(dir, 'snapshot-000009.snap.tmp'), 'partial');
    expect((await readdir(dir)).sort()).toEqual([
      'journal-000001.log',
      'journal-000002.log',
      'journal-000003.log',
      'snapshot-000002.snap',
      'snapshot-000003.snap.tmp',
      'snapshot-000009.snap.tmp',
    ]);

    const reopened = await openStorage(dir, { compactOnClose: false });
    expect(plain(reopened.state)).toEqual(expected);
    expect(reopened.recovery.snapshotGeneration).toBe(2);
    expect(reopened.recovery.filesRemoved.sort()).toEqual([
      'journal-000001.log',
      'snapshot-000003.snap.tmp',
      'snapshot-000009.snap.tmp',
    ]);
    await reopened.journal.close();
  });

  it('refuses to open with a damaged snapshot rather than silently losing its documents', async () => {
    const dir = await tempDir();
    const { storage, engine } = await open(dir, { compactOnClose: false });
    for (let i = 0; i < 20; i++) await engine.insert('items', `id${i}`);
    await storage.compact();
    await storage.journal.close();
    const snapshot = path.join(dir, 'snapshot-000002.snap');
    const bytes = await readFile(snapshot);
    await truncate(snapshot, bytes.length - 10);
    await expect(openStorage(dir)).rejects.toThrow(snapshot);
  });
});
