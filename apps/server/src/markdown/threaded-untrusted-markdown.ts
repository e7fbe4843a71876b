/**
 * The `UntrustedMarkdown` port of the server: markdown from outside is read in worker
 * threads (piscina), never on the request thread, under limits:
 *
 * - time: a reading may take `msPerKib` for each KiB of its text (at least a second) once a
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
 * One pool per process and per limits, shared by every set of services the process builds
 * (the server, a command, the tests' servers): its threads belong to the process, idle ones
 * keep nothing alive, and a thread kept ready saves the first reading its start (~0.2 s).
 * From the sources (tests, `pnpm dev`) a thread loads its TypeScript entry through tsx; from
 * the build, the entry's bundle beside the server's (`scripts/build.mjs`).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { precheckUntrustedMarkdown } from '@quire/documents';
import {
  DomainError,
  type UntrustedMarkdown,
  type UntrustedMarkdownOptions,
  type UntrustedMarkdownReading,
} from '@quire/domain';
import { Piscina } from 'piscina';
import type { MarkdownTask, MarkdownTaskStarted } from './markdown-thread';

export interface MarkdownReadingLimits {
  /** Threads reading at once (more readings wait, in order). */
  threads: number;
  /** Heap of each thread, in MB. */
  memoryMb: number;
  /** Time a reading may take per KiB of its text, in ms, once a thread took it. */
  msPerKib: number;
  /** Readings that may wait for a thread. */
  maxQueue: number;
}

/** The least time a reading gets: a short text's reading is mostly scheduling noise and a cold thread's JIT. */
const MINIMUM_BUDGET_MS = 1_000;

/** The time `length` characters of markdown may take to read, in ms. */
export function readingBudgetMs(limits: Pick<MarkdownReadingLimits, 'msPerKib'>, length: number): number {
  return Math.max(MINIMUM_BUDGET_MS, Math.round((limits.msPerKib * length) / 1024));
}

/** The thread's entry: `markdown-thread.ts` from the sources (through tsx), `markdown-thread.js` from the build. */
function threadEntry(): { filename: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = new URL(`./markdown-thread.${fromSources ? 'ts' : 'js'}`, import.meta.url).href;
  if (!fromSources) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}

const isStarted = (message: unknown): message is MarkdownTaskStarted =>
  typeof (message as MarkdownTaskStarted | null)?.markdownTaskStarted === 'number';

export class ThreadedUntrustedMarkdown implements UntrustedMarkdown {
  readonly #pool: Piscina<MarkdownTask, UntrustedMarkdownReading>;
  /** What starts each running reading's deadline, by task id. */
  readonly #onStart = new Map<number, () => void>();
  #nextId = 0;

  constructor(readonly limits: MarkdownReadingLimits) {
    this.#pool = new Piscina({
      ...threadEntry(),
      minThreads: 1,
      maxThreads: limits.threads,
      idleTimeout: 60_000,
      maxQueue: limits.maxQueue,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    this.#pool.on('message', (message: unknown) => {
      if (isStarted(message)) this.#onStart.get(message.markdownTaskStarted)?.();
    });
  }

  async read(markdown: string, options: UntrustedMarkdownOptions = {}): Promise<UntrustedMarkdownReading> {
    const refused = precheckUntrustedMarkdown(markdown);
    if (refused) return refused;
    const id = this.#nextId++;
    const budgetMs = readingBudgetMs(this.limits, markdown.length);
    const deadline = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    this.#onStart.set(id, () => {
      timer = setTimeout(() => deadline.abort(), budgetMs);
    });
    try {
      return await this.#pool.run(
        { id, markdown, frontMatter: options.frontMatter ?? false },
        { signal: deadline.signal },
      );
    } catch (error) {
      if (deadline.signal.aborted)
        return {
          ok: false,
          reason: `markdown too costly to read: it took longer than the ${seconds(budgetMs)} s its ${kib(markdown.length)} KiB may take`,
        };
      if ((error as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
        return {
          ok: false,
          reason: `markdown too costly to read: it needs more than the ${this.limits.memoryMb} MB of memory a text may use`,
        };
      if ((error as Error | null)?.message === 'Task queue is at limit')
        throw new DomainError('unavailable', 'Too much markdown is waiting to be read: retry in a moment');
      throw error;
    } finally {
      clearTimeout(timer);
      this.#onStart.delete(id);
    }
  }

  /** Ends the threads (a reading in hand is rejected). */
  close(): Promise<void> {
    return this.#pool.destroy();
  }
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const kib = (length: number) => Math.max(1, Math.round(length / 1024));

const shared = new Map<string, ThreadedUntrustedMarkdown>();

/** The process's markdown threads for `limits` (see the module's comment), made on first use. */
export function markdownThreadsFor(limits: MarkdownReadingLimits): ThreadedUntrustedMarkdown {
  const key = JSON.stringify([limits.threads, limits.memoryMb, limits.msPerKib, limits.maxQueue]);
  let threads = shared.get(key);
  if (!threads) {
    threads = new ThreadedUntrustedMarkdown(limits);
    shared.set(key, threads);
  }
  return threads;
}
