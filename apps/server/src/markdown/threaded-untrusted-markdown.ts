/**
 * The `UntrustedMarkdown` port of the server: markdown from outside is read in worker
 * threads (piscina), never on the request thread, under limits:
 *
 * - time: a reading may take `msPerKib` for each KiB of its text (at least `minimumMs`, 5 s by default) once a
 *   thread took it; past that its thread is terminated (piscina starts another) and
 *   the text is refused. Proportional, because what passes is read again later on the request
 *   thread (documents, outlines, links): markdown that passed costs those reads at most this
 *   much per KiB, a bounded multiple of what real pages cost (docs/architecture.md, §8).
 * - memory: each thread's heap is capped (`resourceLimits`); a reading that needs more ends
 *   its thread and is refused.
 * - waiting: at most `maxQueue` readings wait for a thread; beyond, the request is answered
 *   503 (retry later), not queued without end.
 *
 * The checks that need no parse (length, container markers, delimiter runs) run first, on
 * the caller's thread: what they refuse takes no thread. A refusal's reason is safe to show.
 *
 * The threads are a `LimitedPool` over `worker-pools/markdown-thread.ts` (the deadline
 * counting from when a thread takes the text, the heap cap, the queue's bound), one pool per
 * process and per limits, shared by every set of services the process builds (the server, a
 * command, the tests' servers): its threads belong to the process, idle ones keep nothing
 * alive. They start with the first reading, or as the server starts (`warm`, with
 * `QUIRE_THREADS_AT_START`), which saves the first reading their start; a command never
 * starts them unless it reads markdown. A text that waited a minute for a thread is answered
 * 503 too.
 */
import { precheckUntrustedMarkdown } from '@quire/documents';
import {
  DomainError,
  type UntrustedMarkdown,
  type UntrustedMarkdownOptions,
  type UntrustedMarkdownReading,
} from '@quire/domain';
import { LimitedPool, WorkerLimitError } from '../worker-pools/limited-pool';
import type { MarkdownDocumentsTask, MarkdownTask } from '../worker-pools/markdown-thread';

export interface MarkdownReadingLimits {
  /** Threads reading at once (more readings wait, in order). */
  threads: number;
  /** Heap of each thread, in MB. */
  memoryMb: number;
  /** Time a reading may take per KiB of its text, in ms, once a thread took it. */
  msPerKib: number;
  /** Readings that may wait for a thread. */
  maxQueue: number;
  /** The least time a reading gets, in ms (default `DEFAULT_MINIMUM_BUDGET_MS`). */
  minimumMs?: number;
}

/**
 * The least time a reading gets by default. A short text's reading is mostly a busy
 * machine's scheduling and a cold thread's JIT: with 1 s, ordinary 1 KiB pages were refused
 * while the test suite loaded the 2 cores (load 13). The floor costs no safety: what makes
 * markdown slow grows with its length (the worst shapes found take about 0.3 s at 8 KiB on a
 * quiet machine), so a short text cannot hide a long read behind it.
 */
export const DEFAULT_MINIMUM_BUDGET_MS = 5_000;

/** The time `length` characters of markdown may take to read, in ms. */
export function readingBudgetMs(
  limits: Pick<MarkdownReadingLimits, 'msPerKib' | 'minimumMs'>,
  length: number,
): number {
  const minimum = limits.minimumMs ?? DEFAULT_MINIMUM_BUDGET_MS;
  return Math.max(minimum, Math.round((limits.msPerKib * length) / 1024));
}

/** How long a text may wait for a thread before it is answered 503. */
const WAIT_FOR_A_THREAD_MS = 60_000;

export class ThreadedUntrustedMarkdown implements UntrustedMarkdown {
  readonly #pool: LimitedPool;
  /**
   * Readings that run at once (one per thread): how many pages an import hands over at a
   * time (`acceptedImport`), so that its pages keep every thread busy and a person's text
   * still waits behind at most one page per thread.
   */
  readonly readsAtOnce: number;

  constructor(readonly limits: MarkdownReadingLimits) {
    this.readsAtOnce = limits.threads;
    this.#pool = new LimitedPool('markdown-thread', {
      threads: limits.threads,
      memoryMb: limits.memoryMb,
      deadlineMs: WAIT_FOR_A_THREAD_MS,
      maxQueue: limits.maxQueue,
    });
  }

  /** Whether the threads were started (a first reading, or `warm`). */
  get started(): boolean {
    return this.#pool.started;
  }

  /** Starts a thread now and has it load its code, so that the first reading does not wait for it. */
  warm(): void {
    this.#pool.warm();
  }

  async read(markdown: string, options: UntrustedMarkdownOptions = {}): Promise<UntrustedMarkdownReading> {
    const refused = precheckUntrustedMarkdown(markdown);
    if (refused) return refused;
    const budgetMs = readingBudgetMs(this.limits, markdown.length);
    const task: MarkdownTask = {
      markdown,
      frontMatter: options.frontMatter ?? false,
      ...(options.links ? { links: options.links } : {}),
    };
    try {
      return await this.#pool.run<UntrustedMarkdownReading>('markdown-read', task, { deadlineMs: budgetMs });
    } catch (error) {
      if (!(error instanceof WorkerLimitError)) throw error;
      switch (error.limit) {
        case 'time':
          return {
            ok: false,
            reason: `markdown too costly to read: it took longer than the ${seconds(budgetMs)} s its ${kib(markdown.length)} KiB may take`,
          };
        case 'memory':
          return {
            ok: false,
            reason: `markdown too costly to read: it needs more than the ${this.limits.memoryMb} MB of memory a text may use`,
          };
        case 'wait':
        case 'queue':
          throw new DomainError('unavailable', 'Too much markdown is waiting to be read: retry in a moment');
      }
    }
  }

  /**
   * The documents of stored texts in one task, given the budget their lengths give together
   * (each text's, as when it was read). A task past its time or memory is tried again text by
   * text, so that one text stored before any budget (refused: null) leaves the others theirs.
   */
  async documentsOf(markdowns: readonly string[]): Promise<Array<string | null>> {
    const together = await this.#documentsInOneTask(markdowns);
    if (together || markdowns.length === 1) return together ?? [null];
    const oneByOne: Array<string | null> = [];
    for (const markdown of markdowns)
      oneByOne.push((await this.#documentsInOneTask([markdown]))?.[0] ?? null);
    return oneByOne;
  }

  /** The documents of `markdowns` from one thread, or undefined past the task's time or memory. */
  async #documentsInOneTask(markdowns: readonly string[]): Promise<Array<string | null> | undefined> {
    const budgetMs = markdowns.reduce(
      (sum, markdown) => sum + readingBudgetMs(this.limits, markdown.length),
      0,
    );
    const task: MarkdownDocumentsTask = { markdowns: [...markdowns] };
    try {
      return await this.#pool.run<Array<string | null>>('markdown-documents', task, { deadlineMs: budgetMs });
    } catch (error) {
      if (!(error instanceof WorkerLimitError)) throw error;
      if (error.limit === 'time' || error.limit === 'memory') return undefined;
      throw new DomainError('unavailable', 'Too much markdown is waiting to be read: retry in a moment');
    }
  }

  /** Ends the threads (a reading in hand is rejected). */
  close(): Promise<void> {
    return this.#pool.close();
  }
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const kib = (length: number) => Math.max(1, Math.round(length / 1024));

const shared = new Map<string, ThreadedUntrustedMarkdown>();

/** The process's markdown threads for `limits` (see the module's comment), made on first use. */
export function markdownThreadsFor(limits: MarkdownReadingLimits): ThreadedUntrustedMarkdown {
  const key = JSON.stringify([
    limits.threads,
    limits.memoryMb,
    limits.msPerKib,
    limits.maxQueue,
    limits.minimumMs,
  ]);
  let threads = shared.get(key);
  if (!threads) {
    threads = new ThreadedUntrustedMarkdown(limits);
    shared.set(key, threads);
  }
  return threads;
}
