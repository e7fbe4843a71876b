/**
 * The blob collection as the server runs it (`collectUnreferencedBlobs`): one run at a time in
 * a process, whoever starts it (the schedule, `quire blobs collect` through the command socket
 * or in its own process), followed while it goes (its phase and progress) and told to the
 * listeners when it ends (the server logs one line a run). A start while a run goes on joins
 * that run rather than starting a second sweep over the same blobs.
 */
import {
  type BlobCollectionReport,
  collectUnreferencedBlobs,
  recordBlobCollection,
  type StoredBlobs,
} from '@quire/persistence';
import type { Store } from '@quire/store';

export interface BlobCollectionState {
  running: boolean;
  dryRun: boolean;
  /** 'mark': reading the records; 'sweep': judging the blobs no record names. */
  phase: 'mark' | 'sweep';
  done: number;
  total: number;
  graceMs: number;
  /** Once it ended well. */
  report?: BlobCollectionReport;
  /** Once it failed: the error's message (never a stack). */
  error?: string;
}

export type BlobCollectionEnd = { report: BlobCollectionReport } | { error: unknown; dryRun: boolean };

export class BlobCollectionRuns {
  #current: { state: BlobCollectionState; ended: Promise<BlobCollectionState> } | undefined;
  #last: BlobCollectionState | undefined;
  readonly #listeners = new Set<(end: BlobCollectionEnd) => void>();

  constructor(
    private readonly store: Store,
    private readonly blobs: StoredBlobs,
    readonly graceMs: number,
  ) {}

  /** Starts a run, or joins the one going on (`started` false: its `dryRun` is its own). */
  start(options: { dryRun: boolean }): { started: boolean; state: BlobCollectionState } {
    if (this.#current) return { started: false, state: { ...this.#current.state } };
    const state: BlobCollectionState = {
      running: true,
      dryRun: options.dryRun,
      phase: 'mark',
      done: 0,
      total: 0,
      graceMs: this.graceMs,
    };
    const ended = collectUnreferencedBlobs(this.store, this.blobs, {
      graceMs: this.graceMs,
      dryRun: options.dryRun,
      progress: (phase, done, total) => Object.assign(state, { phase, done, total }),
    })
      .then(async (report) => {
        // The schedule counts its interval from here (`jobs/collect-blobs.ts`).
        if (!report.dryRun)
          await recordBlobCollection(this.store.db, {
            at: this.blobs.now(),
            deleted: report.deleted,
            deletedBytes: report.deletedBytes,
          });
        return report;
      })
      .then(
        (report) => {
          Object.assign(state, { running: false, report });
          this.#tell({ report });
          return state;
        },
        (error: unknown) => {
          Object.assign(state, {
            running: false,
            error: error instanceof Error ? error.message : String(error),
          });
          this.#tell({ error, dryRun: options.dryRun });
          return state;
        },
      );
    this.#current = { state, ended };
    void ended.then(() => {
      this.#current = undefined;
      this.#last = state;
    });
    return { started: true, state: { ...state } };
  }

  /** Runs one (or joins the one going on) to its end; rejects with its error. */
  async run(options: { dryRun: boolean }): Promise<BlobCollectionReport> {
    this.start(options);
    const current = this.#current as { ended: Promise<BlobCollectionState> } | undefined;
    if (!current) throw new Error('the blob collection did not start');
    const ended = await current.ended;
    if (ended.report) return ended.report;
    throw new Error(ended.error);
  }

  /** The run going on, else the last one to end; undefined before any. */
  state(): BlobCollectionState | undefined {
    const state = this.#current?.state ?? this.#last;
    return state && { ...state };
  }

  /** Waits for the run going on, if any (a server stopping). */
  async settled(): Promise<void> {
    await this.#current?.ended;
  }

  onEnd(listener: (end: BlobCollectionEnd) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #tell(end: BlobCollectionEnd): void {
    for (const listener of this.#listeners) listener(end);
  }
}
