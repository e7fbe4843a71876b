/**
 * Opening a store directory: lock it, recover the state, and hand back the journal the engine
 * writes through. Usage (the engine is built on the recovered state and lends its snapshots
 * back for compaction):
 *
 *   const storage = await openStorage(dir);
 *   const db = new EmbeddedDatabase(storage.state, storage.journal);
 *   storage.setSnapshotSource(() => db.snapshot());
 *   ...
 *   await storage.journal.close(); // flushes, maybe compacts, unlocks
 *
 * Directory layout: `LOCK`, `journal-<g>.log` (append-only, records framed by
 * `record-format.ts`), `snapshot-<g>.snap` (see `snapshot-file.ts`); `compaction.ts` explains
 * how generations replace each other.
 */
import path from 'node:path';
import type { OpenedStorage, SnapshotSource } from '../journal-types';
import { type CompactionStats, Compactor } from './compaction';
import { describe, JournalClosedError } from './errors';
import { GroupCommitJournal, type GroupCommitStats } from './group-commit';
import { createJournalFile, openJournalForAppend } from './journal-file';
import { acquireLock } from './lock-file';
import { type RecoveryReport, recoverStore } from './recovery';
import { fsyncDirectory, nodeStorageFs, type StorageFs } from './storage-fs';

export const DEFAULT_COMPACT_AFTER_BYTES = 64 * 1024 * 1024;
/** On close, a journal this big (or the threshold, if smaller) is worth turning into a snapshot. */
const CLOSE_COMPACTION_MIN_BYTES = 1024 * 1024;

export interface OpenStorageOptions {
  /**
   * Compact once the current journal reaches this many bytes and at least the size of the
   * last snapshot. Default 64 MiB.
   */
  compactAfterBytes?: number;
  /** Compact on close when the journal has grown enough to be worth it. Default true. */
  compactOnClose?: boolean;
  /** The file-system operations to use; tests inject failing ones. Default: `node:fs`. */
  fs?: StorageFs;
  /**
   * Errors of background compactions. The journal is unaffected by them (compaction is
   * retried once the journal outgrows the threshold again). Default: a process warning.
   */
  onBackgroundError?: (error: unknown) => void;
}

export interface StorageStats {
  generation: number;
  journalBytes: number;
  journalFailed: boolean;
  groupCommit: GroupCommitStats;
  compaction: CompactionStats;
}

export interface DurableStorage extends OpenedStorage {
  /** Absolute path of the store directory. */
  readonly dir: string;
  /** What recovery found and did. */
  readonly recovery: RecoveryReport;
  /**
   * Lends the engine's state to compaction. Until it is set, the journal just grows. The
   * function must return a consistent copy, taken synchronously, that the engine will not
   * mutate afterwards (the snapshot is written from it in the background).
   */
  setSnapshotSource(source: SnapshotSource): void;
  /** Compacts now (after any compaction in progress). */
  compact(): Promise<void>;
  /**
   * Resolves if the journal takes writes; if it is refusing them (after a failed write or
   * fsync), tries to resume it first, and rejects with a `StoreUnavailableError` if it
   * cannot. For readiness checks: cheap while the journal is healthy.
   */
  probe(): Promise<void>;
  stats(): StorageStats;
}

export async function openStorage(dir: string, options: OpenStorageOptions = {}): Promise<DurableStorage> {
  const storageFs = options.fs ?? nodeStorageFs;
  const thresholdBytes = options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES;
  const compactOnClose = options.compactOnClose ?? true;
  const onBackgroundError =
    options.onBackgroundError ??
    ((error: unknown) => process.emitWarning(`embedded store compaction failed: ${describe(error)}`));
  const absoluteDir = path.resolve(dir);

  const firstCreated = await storageFs.mkdir(absoluteDir);
  if (firstCreated !== undefined) {
    // Directories just created must be durable in their parents before anything in them is.
    for (let created = absoluteDir; ; created = path.dirname(created)) {
      await fsyncDirectory(storageFs, path.dirname(created));
      if (created === firstCreated) break;
    }
  }
  const lock = await acquireLock(storageFs, absoluteDir);

  let journal: GroupCommitJournal;
  let compactor: Compactor;
  let recovery: RecoveryReport;
  let state: OpenedStorage['state'];
  try {
    const recovered = await recoverStore(storageFs, absoluteDir);
    const file = recovered.journalExists
      ? await openJournalForAppend(storageFs, absoluteDir, recovered.journalGeneration)
      : await createJournalFile(storageFs, absoluteDir, recovered.journalGeneration);
    journal = new GroupCommitJournal(storageFs, absoluteDir, file, (bytes) => compactor.onJournalGrew(bytes));
    compactor = new Compactor(
      storageFs,
      absoluteDir,
      journal,
      thresholdBytes,
      recovered.snapshotBytes,
      onBackgroundError,
    );
    recovery = recovered.report;
    state = recovered.state;
  } catch (error) {
    await lock.release().catch(() => {});
    throw error;
  }

  let closing: Promise<void> | null = null;
  const close = async () => {
    try {
      journal.stopAccepting();
      await journal.drain();
      compactor.stop();
      await compactor.whenIdle();
      const closeThreshold = Math.min(thresholdBytes, CLOSE_COMPACTION_MIN_BYTES);
      if (
        compactOnClose &&
        compactor.hasSource &&
        !journal.failed &&
        compactor.isWorthwhile(journal.bytes, closeThreshold)
      ) {
        await compactor.compact().catch(onBackgroundError);
      }
      await journal.closeFile();
    } finally {
      await lock.release();
    }
  };

  return {
    dir: absoluteDir,
    state,
    recovery,
    journal: {
      commit: (ops, undo) => journal.commit(ops, undo),
      close: () => {
        closing ??= close();
        return closing;
      },
    },
    setSnapshotSource: (source) => compactor.setSource(source),
    compact: () => (closing ? Promise.reject(new JournalClosedError()) : compactor.compact()),
    probe: () => (closing ? Promise.reject(new JournalClosedError()) : journal.probe()),
    stats: () => ({
      generation: journal.generation,
      journalBytes: journal.bytes,
      journalFailed: journal.failed,
      groupCommit: journal.stats,
      compaction: compactor.stats,
    }),
  };
}
