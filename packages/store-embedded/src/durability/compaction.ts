/**
 * Compaction bounds the journal (and so recovery time): once the current journal outgrows
 * the threshold, the engine's state becomes a snapshot and the journals it covers go away.
 *
 * Order, each step safe to crash after:
 *   1. in one synchronous step, take the engine's state and queue the switch to journal g+1;
 *   2. the switch: journal g+1 created, its directory entry fsynced;
 *   3. the state written to `snapshot-<g+1>.snap.tmp`, fsynced, renamed into place, the
 *      directory fsynced: from here recovery starts from it;
 *   4. journals and snapshots older than g+1 deleted.
 * A crash before 3 leaves the old snapshot and journals g, g+1, which recovery replays in
 * order; a crash during 4 leaves files recovery deletes.
 */
import type { SnapshotSource } from '../journal-types';
import { classifyStoreFiles, inDir, journalFileName, snapshotFileName } from './file-names';
import type { GroupCommitJournal } from './group-commit';
import { writeSnapshotFile } from './snapshot-file';
import { type StorageFs, unlinkIfExists } from './storage-fs';

export interface CompactionStats {
  compactions: number;
  lastSnapshotBytes: number;
  lastSnapshotDocuments: number;
  /** When the last compaction of this process finished (ms since the epoch); null: none yet. */
  lastCompactedAt: number | null;
}

export class Compactor {
  private source: SnapshotSource | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly counters: CompactionStats;

  constructor(
    private readonly storageFs: StorageFs,
    private readonly dir: string,
    private readonly journal: GroupCommitJournal,
    private readonly thresholdBytes: number,
    initialSnapshotBytes: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.counters = {
      compactions: 0,
      lastSnapshotBytes: initialSnapshotBytes,
      lastSnapshotDocuments: 0,
      lastCompactedAt: null,
    };
  }

  get stats(): CompactionStats {
    return { ...this.counters };
  }

  get hasSource(): boolean {
    return this.source !== null;
  }

  setSource(source: SnapshotSource): void {
    this.source = source;
  }

  /**
   * The journal must be at least as big as the last snapshot too: rewriting a big state for
   * a small journal would cost more than replaying the journal ever saves.
   */
  isWorthwhile(journalBytes: number, thresholdBytes = this.thresholdBytes): boolean {
    return journalBytes >= Math.max(thresholdBytes, this.counters.lastSnapshotBytes);
  }

  /** Called after every durable group; starts a background compaction when due. */
  onJournalGrew(journalBytes: number): void {
    if (this.running || this.stopped || this.source === null || this.journal.failed) return;
    if (!this.isWorthwhile(journalBytes)) return;
    this.start().catch(this.onError);
  }

  /** Runs a compaction now, after any one in progress. */
  async compact(): Promise<void> {
    await this.whenIdle();
    await this.start();
  }

  async whenIdle(): Promise<void> {
    while (this.running) await this.running.catch(() => {});
  }

  /** No compaction starts from now on; one in progress still finishes. */
  stop(): void {
    this.stopped = true;
  }

  private start(): Promise<void> {
    const run = this.run().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async run(): Promise<void> {
    if (this.source === null) throw new Error('compaction needs a snapshot source (setSnapshotSource)');
    // These two lines must stay in one synchronous step: the snapshot holds exactly the
    // batches committed before the rotation, the new journal exactly those after it.
    const state = this.source();
    const { generation, switched } = this.journal.rotate();
    await switched;

    const written = await writeSnapshotFile(this.storageFs, this.dir, generation, state);
    this.counters.compactions++;
    this.counters.lastSnapshotBytes = written.bytes;
    this.counters.lastSnapshotDocuments = written.documents;
    this.counters.lastCompactedAt = Date.now();

    // Redundant from now on; whatever a crash leaves here, recovery deletes.
    const files = classifyStoreFiles(await this.storageFs.readdir(this.dir));
    for (const older of files.journals.filter((g) => g < generation)) {
      await unlinkIfExists(this.storageFs, inDir(this.dir, journalFileName(older)));
    }
    for (const older of files.snapshots.filter((g) => g < generation)) {
      await unlinkIfExists(this.storageFs, inDir(this.dir, snapshotFileName(older)));
    }
  }
}
