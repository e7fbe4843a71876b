/**
 * The journal's writer: group commit over one append-only file at a time.
 *
 * `commit` only queues. One flush runs at a time; while its write and fdatasync are in flight,
 * new batches pile up, and the next flush writes all of them with one `write` and makes them
 * durable with one `fdatasync`. So throughput grows with the number of concurrent writers
 * while each caller still waits only for its own bytes to be on disk.
 *
 * Rotation to a new file (for compaction) is an entry in the same queue: batches committed
 * before `rotate()` is called go to the old file, later ones to the new file, with no lock.
 *
 * A failed write or fdatasync (a full disk, an I/O error) refuses its group and everything
 * queued behind it (see `journal-types.ts`): their bytes are cut off the file first, back
 * to the last acknowledged byte, so neither a restart nor a later append can find them.
 * The journal then refuses until it can resume: with each later commit, and with each
 * `probe()` (the store's readiness check), it cuts the file back again, fsyncs the cut,
 * and writes, fdatasyncs and cuts off a probe of `PROBE_BYTES`; when all of that succeeds
 * the disk takes writes again, and the queued commits go on in the same file.
 *
 * Why the same file is safe after a failed fsync ("fsyncgate": the kernel may have dropped
 * the dirty pages and a later fsync report success): only bytes written after the last
 * successful fsync can be lost that way, and those are exactly the ones cut off. The page
 * that holds both the last acknowledged bytes and the first refused ones is dirtied again
 * by the cut, so the fsync of the cut rewrites it from memory, where the acknowledged
 * bytes are intact.
 */
import type { StoreUnavailableError } from '@quire/store';
import type { Journal, JournalOp } from '../journal-types';
import { JournalClosedError } from './errors';
import { inDir, journalFileName } from './file-names';
import { createJournalFile, type JournalFile } from './journal-file';
import { encodeRecord } from './record-format';
import { storageUnavailable } from './storage-failure';
import { fsyncDirectory, type StorageFs, unlinkIfExists, writeAll } from './storage-fs';

/** Caps one write's buffer; batches beyond it simply go in the next group. */
const MAX_GROUP_BYTES = 16 * 1024 * 1024;
/**
 * What a failed journal writes to tell whether the disk takes writes again. Zeros: should
 * it outlive a crash, recovery reads it as a torn tail and cuts it.
 */
const PROBE = Buffer.alloc(64 * 1024);

interface PendingBatch {
  kind: 'batch';
  record: Buffer;
  undo: (() => void) | undefined;
  resolve(): void;
  reject(error: unknown): void;
}

interface PendingRotation {
  kind: 'rotate';
  generation: number;
  resolve(): void;
  reject(error: unknown): void;
}

interface PendingProbe {
  kind: 'probe';
  resolve(): void;
  reject(error: unknown): void;
}

type Pending = PendingBatch | PendingRotation | PendingProbe;

export interface GroupCommitStats {
  groups: number;
  batches: number;
}

export class GroupCommitJournal implements Journal {
  private file: JournalFile;
  private nextGeneration: number;
  private queue: Pending[] = [];
  private flushing = false;
  private idleWaiters: Array<() => void> = [];
  /** While the journal refuses writes: what callers are told. Cleared once it resumes. */
  private failure: StoreUnavailableError | null = null;
  /** A newer journal file a failed rotation could not remove; appending must wait until it is gone. */
  private strayFile: string | null = null;
  private closedError: JournalClosedError | null = null;
  private readonly counters: GroupCommitStats = { groups: 0, batches: 0 };

  constructor(
    private readonly storageFs: StorageFs,
    private readonly dir: string,
    file: JournalFile,
    /** Called after each group is durable, with the current journal file's size. */
    private readonly onGroupDurable: (journalBytes: number) => void = () => {},
  ) {
    this.file = file;
    this.nextGeneration = file.generation + 1;
  }

  get generation(): number {
    return this.file.generation;
  }

  /** Durable bytes in the current journal file. */
  get bytes(): number {
    return this.file.size;
  }

  /** Whether the journal refuses writes (until a commit or a probe finds the disk healthy). */
  get failed(): boolean {
    return this.failure !== null;
  }

  get stats(): GroupCommitStats {
    return { ...this.counters };
  }

  commit(ops: JournalOp[], undo?: () => void): Promise<void> {
    let record: Buffer;
    try {
      if (this.closedError) throw this.closedError;
      record = encodeRecord(JSON.stringify(ops));
    } catch (error) {
      // Nothing is committed after this batch yet, so undoing it alone keeps the order.
      undo?.();
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'batch', record, undo, resolve, reject });
      this.startFlushing();
    });
  }

  /**
   * Queues a switch to a new journal file and returns its generation at once, so the caller
   * can pair it with a snapshot taken in the same synchronous step: every batch committed
   * before this call lands in the old file, every later one in the new file. `switched`
   * resolves when the new file exists durably. It rejects if the file cannot be created
   * (the journal goes on in the old file) or if a batch before it is refused (the snapshot
   * would hold that batch).
   */
  rotate(): { generation: number; switched: Promise<void> } {
    // A closed journal still rotates: compaction on close runs after the last commit.
    if (this.failure) return { generation: -1, switched: Promise.reject(this.failure) };
    const generation = this.nextGeneration++;
    const switched = new Promise<void>((resolve, reject) => {
      this.queue.push({ kind: 'rotate', generation, resolve, reject });
      this.startFlushing();
    });
    return { generation, switched };
  }

  /**
   * Resolves if the journal takes writes. If it is refusing, first tries to resume it (as a
   * commit would); rejects with the refusal if it cannot.
   */
  probe(): Promise<void> {
    if (this.failure === null) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'probe', resolve, reject });
      this.startFlushing();
    });
  }

  /** Refuses further commits; those already queued are still written. */
  stopAccepting(): void {
    this.closedError ??= new JournalClosedError();
  }

  /** Resolves once everything queued so far has been written (or rejected). */
  drain(): Promise<void> {
    if (!this.flushing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** `Journal.close` for a journal used on its own; `openStorage` wraps it to also finish compaction and unlock. */
  async close(): Promise<void> {
    this.stopAccepting();
    await this.drain();
    await this.closeFile();
  }

  async closeFile(): Promise<void> {
    // A refused group's bytes must not be there for the next open to replay; the cut was
    // tried when it was refused, and is tried once more in case that attempt failed.
    if (this.failure !== null) await this.cutBack().catch(() => {});
    await this.storageFs.close(this.file.fd).catch(() => {});
  }

  private startFlushing(): void {
    if (this.flushing) return;
    this.flushing = true;
    void this.flushLoop();
  }

  private async flushLoop(): Promise<void> {
    // Let every commit of the current synchronous turn join the first group.
    await Promise.resolve();
    while (this.queue.length > 0) {
      try {
        if (this.failure !== null && !(await this.resume())) {
          this.refuseAll([]);
          continue;
        }
        const head = this.queue[0]!;
        if (head.kind === 'batch') {
          await this.writeGroup(this.takeGroup());
        } else {
          this.queue.shift();
          if (head.kind === 'rotate') await this.switchFile(head);
          else head.resolve();
        }
      } catch (error) {
        // Not an I/O error of a group (those are handled where they happen): refuse to go on blindly.
        await this.fail(error, []);
      }
    }
    // Cleared in the same synchronous step as the last emptiness check, so a commit arriving
    // later always starts a new loop rather than waiting on one that has ended.
    this.flushing = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  private takeGroup(): PendingBatch[] {
    let count = 0;
    let bytes = 0;
    for (const pending of this.queue) {
      if (pending.kind !== 'batch') break;
      if (count > 0 && bytes + pending.record.length > MAX_GROUP_BYTES) break;
      bytes += pending.record.length;
      count++;
    }
    return this.queue.splice(0, count) as PendingBatch[];
  }

  private async writeGroup(group: PendingBatch[]): Promise<void> {
    const data =
      group.length === 1 ? group[0]!.record : Buffer.concat(group.map((pending) => pending.record));
    try {
      await writeAll(this.storageFs, this.file.fd, data);
      await this.storageFs.fdatasync(this.file.fd);
    } catch (error) {
      await this.fail(error, group);
      return;
    }
    this.file.size += data.length;
    this.counters.groups++;
    this.counters.batches += group.length;
    for (const pending of group) pending.resolve();
    this.onGroupDurable(this.file.size);
  }

  /**
   * `group` could not be made durable: its bytes are cut off (tried; `resume` tries again),
   * then it is refused with everything queued behind it.
   */
  private async fail(error: unknown, group: PendingBatch[]): Promise<void> {
    this.failure = storageUnavailable(error);
    await this.cutBack().catch(() => {});
    this.refuseAll(group);
  }

  /**
   * Refuses `inFlight` and everything queued, in one synchronous step: every batch undone,
   * last first (each may depend on those before it), then every caller told.
   */
  private refuseAll(inFlight: PendingBatch[]): void {
    const refusal = this.failure ?? storageUnavailable(undefined);
    const refused: Pending[] = [...inFlight, ...this.queue];
    this.queue = [];
    const undoErrors: unknown[] = [];
    for (let i = refused.length - 1; i >= 0; i--) {
      const pending = refused[i]!;
      try {
        if (pending.kind === 'batch') pending.undo?.();
      } catch (error) {
        undoErrors.push(error);
      }
    }
    for (const pending of refused) pending.reject(refusal);
    if (undoErrors.length > 0) {
      // Memory may now hold a refused write: stop the process rather than serve it (a restart
      // rebuilds memory from the disk). An undo cannot fail unless the engine has a bug.
      process.nextTick(() => {
        throw new Error('the embedded store could not undo a refused write', { cause: undoErrors[0] });
      });
    }
  }

  /** Cuts the file back to its acknowledged bytes and makes the cut durable. */
  private async cutBack(): Promise<void> {
    await this.storageFs.ftruncate(this.file.fd, this.file.size);
    await this.storageFs.fsync(this.file.fd);
  }

  /** Tries to make a failed journal take writes again (see the top of the file); false if it cannot yet. */
  private async resume(): Promise<boolean> {
    try {
      if (this.strayFile !== null) {
        await unlinkIfExists(this.storageFs, this.strayFile);
        await fsyncDirectory(this.storageFs, this.dir);
        this.strayFile = null;
      }
      await this.cutBack();
      await writeAll(this.storageFs, this.file.fd, PROBE);
      await this.storageFs.fdatasync(this.file.fd);
      await this.cutBack();
    } catch (error) {
      this.failure = storageUnavailable(error);
      // The probe may be half written: it must not stay, however harmless recovery finds it.
      await this.cutBack().catch(() => {});
      return false;
    }
    this.failure = null;
    return true;
  }

  private async switchFile(rotation: PendingRotation): Promise<void> {
    let next: JournalFile;
    try {
      next = await createJournalFile(this.storageFs, this.dir, rotation.generation);
    } catch (error) {
      await this.abandonGeneration(rotation.generation);
      rotation.reject(error);
      return;
    }
    const previous = this.file;
    this.file = next;
    // Every group written to it was fdatasynced already, so closing loses nothing.
    await this.storageFs.close(previous.fd).catch(() => {});
    rotation.resolve();
  }

  /**
   * After a failed rotation the journal goes on in the current file, which is only safe if
   * no newer journal exists: recovery accepts a torn tail in the newest journal only. A file
   * the failed creation may have left is removed, or the journal refuses until it is.
   */
  private async abandonGeneration(generation: number): Promise<void> {
    if (this.nextGeneration === generation + 1) this.nextGeneration = generation;
    const path = inDir(this.dir, journalFileName(generation));
    try {
      await unlinkIfExists(this.storageFs, path);
      await fsyncDirectory(this.storageFs, this.dir);
    } catch (error) {
      this.strayFile = path;
      this.failure = storageUnavailable(error);
    }
  }
}
