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
 */
import type { Journal, JournalOp } from '../journal-types';
import { JournalClosedError, JournalFailedError } from './errors';
import { createJournalFile, type JournalFile } from './journal-file';
import { encodeRecord } from './record-format';
import { type StorageFs, writeAll } from './storage-fs';

/** Caps one write's buffer; batches beyond it simply go in the next group. */
const MAX_GROUP_BYTES = 16 * 1024 * 1024;

interface PendingBatch {
  kind: 'batch';
  record: Buffer;
  resolve(): void;
  reject(error: unknown): void;
}

interface PendingRotation {
  kind: 'rotate';
  generation: number;
  resolve(): void;
  reject(error: unknown): void;
}

type Pending = PendingBatch | PendingRotation;

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
  private failure: JournalFailedError | null = null;
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

  get failed(): boolean {
    return this.failure !== null;
  }

  get stats(): GroupCommitStats {
    return { ...this.counters };
  }

  commit(ops: JournalOp[]): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closedError) return Promise.reject(this.closedError);
    let record: Buffer;
    try {
      record = encodeRecord(JSON.stringify(ops));
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'batch', record, resolve, reject });
      this.startFlushing();
    });
  }

  /**
   * Queues a switch to a new journal file and returns its generation at once, so the caller
   * can pair it with a snapshot taken in the same synchronous step: every batch committed
   * before this call lands in the old file, every later one in the new file. `switched`
   * resolves when the new file exists durably; if it cannot be created the journal fails.
   */
  rotate(): { generation: number; switched: Promise<void> } {
    if (this.failure) return { generation: -1, switched: Promise.reject(this.failure) };
    const generation = this.nextGeneration++;
    const switched = new Promise<void>((resolve, reject) => {
      this.queue.push({ kind: 'rotate', generation, resolve, reject });
      this.startFlushing();
    });
    return { generation, switched };
  }

  /** Refuses further commits; those already queued are still written. */
  stopAccepting(): void {
    this.closedError ??= new JournalClosedError(this.file.path);
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
    try {
      while (this.queue.length > 0 && this.failure === null) {
        const head = this.queue[0]!;
        if (head.kind === 'rotate') {
          this.queue.shift();
          await this.switchFile(head);
        } else {
          await this.writeGroup(this.takeGroup());
        }
      }
    } catch (error) {
      this.fail(error, []);
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
    let data: Buffer;
    try {
      data = group.length === 1 ? group[0]!.record : Buffer.concat(group.map((pending) => pending.record));
      await writeAll(this.storageFs, this.file.fd, data);
      await this.storageFs.fdatasync(this.file.fd);
    } catch (error) {
      this.fail(error, group);
      return;
    }
    this.file.size += data.length;
    this.counters.groups++;
    this.counters.batches += group.length;
    for (const pending of group) pending.resolve();
    this.onGroupDurable(this.file.size);
  }

  private async switchFile(rotation: PendingRotation): Promise<void> {
    let next: JournalFile;
    try {
      next = await createJournalFile(this.storageFs, this.dir, rotation.generation);
    } catch (error) {
      // Failing the journal is simpler and safer than carrying on in the old file with a
      // generation number that may or may not exist on disk.
      this.fail(error, [rotation]);
      return;
    }
    const previous = this.file;
    this.file = next;
    // Every group written to it was fdatasynced already, so closing loses nothing.
    await this.storageFs.close(previous.fd).catch(() => {});
    rotation.resolve();
  }

  /**
   * The entries that were being written get the original error; everything still queued gets
   * the journal-failed error, as will every later commit: after a failed fsync the kernel may
   * have dropped the dirty pages, so nothing written from here on could be trusted.
   */
  private fail(error: unknown, inFlight: Pending[]): void {
    this.failure ??= new JournalFailedError(this.file.path, error);
    for (const pending of inFlight) pending.reject(error);
    const queued = this.queue;
    this.queue = [];
    for (const pending of queued) pending.reject(this.failure);
  }
}
