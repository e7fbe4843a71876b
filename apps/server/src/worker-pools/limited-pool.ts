/**
 * A pool of worker threads (piscina) whose tasks run under limits, so that a task that
 * needs too much never takes the process down:
 *
 * - memory: each thread's heap (V8's old generation) is capped by `resourceLimits` (its young
 *   generation is set for allocation-heavy parsing, `THREAD_YOUNG_GENERATION_MB`); a task
 *   that passes it ends its thread (piscina starts another) and rejects with
 *   `WorkerLimitError('memory')`. Memory outside the heap (Buffers) is not counted by V8's
 *   limit: the readers' own byte caps bound it.
 * - time: a task that runs past `deadlineMs` (or the task's own `deadlineMs`) has its thread
 *   terminated and rejects with `WorkerLimitError('time')`. The deadline starts when a thread
 *   takes the task (the thread says so first), not when it is queued: a task waiting behind
 *   another loses no time. Its wait is bounded by the pool's `deadlineMs` too, past which it
 *   rejects with `WorkerLimitError('wait')`.
 * - waiting: with `maxQueue`, a task that would wait behind that many others rejects at once
 *   with `WorkerLimitError('queue')`. Counted here: piscina's own `maxQueue` bounds only the
 *   tasks without a signal (one with a signal waits in a queue it does not count), and every
 *   task here has one (its deadline).
 * - a caller's `signal` (a job's lease lost, the worker stopping) ends the task the same
 *   way, rejecting with the signal's reason.
 *
 * Each task gets a channel of its own (`thread-task.ts` is the thread's side): the thread
 * `tell`s (progress: one way) and `ask`s (the caller answers from what only the main thread
 * holds, the store). The limit errors' messages are safe to show: no stack, no thread.
 *
 * Threads start with the first task (or `warm`) and are kept; idle threads keep no process
 * alive. Which file they run: `thread-entry.ts`.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { threadEntryOf } from './thread-entry';

/** Beside this module in the sources, and copied beside the chunks into `dist/` by the build. */
const THREAD_LOADER = fileURLToPath(new URL('./thread-loader.cjs', import.meta.url));

import type { FromThread, TaskEnvelope, ToThread } from './thread-messages';

export interface WorkerPoolLimits {
  /** Threads running tasks at once (more tasks wait in order). */
  threads: number;
  /** Heap of each thread, in MB. */
  memoryMb: number;
  /** How long one task may run once a thread took it (unless it has its own), and wait for one, in ms. */
  deadlineMs: number;
  /** Tasks that may wait for a thread (no bound without it). */
  maxQueue?: number;
}

/** The limit a task passed: its thread's heap, its deadline, its wait for a thread, the queue's length. */
export type WorkerLimit = 'memory' | 'time' | 'wait' | 'queue';

/**
 * Each thread's young generation (V8's `maxYoungGenerationSizeMb`: three semi-spaces' worth,
 * so 64 MB semi-spaces, against 16 MB by default). The threads parse markdown (micromark
 * allocates about 3 KB per byte of text, nearly all of it dead once the tree is built) and
 * build documents and PDFs from it: with the default, a page's parse outlives several
 * scavenges, each copying and promoting what the parse still holds, which was half of a
 * parse's CPU. With room for a page's whole parse, its garbage dies young (docs/performance.md,
 * "Thirteenth session": lists 31-44 -> 20-25 ms per KB, tables 13-20 -> 7-11). It is an upper
 * bound: V8 grows the young generation only under such allocation, and shrinks it when idle.
 */
export const THREAD_YOUNG_GENERATION_MB = 192;

/** A task passed a limit: `message` says which, in words fit for the task's owner. */
export class WorkerLimitError extends Error {
  override readonly name = 'WorkerLimitError';
  constructor(
    readonly limit: WorkerLimit,
    message: string,
  ) {
    super(message);
  }
}

export interface TaskHandlers {
  /** What the thread tells as it goes (progress). */
  told?(message: unknown): void;
  /** Answers the thread's question; a rejection fails the task with that error. */
  answer?(question: unknown): Promise<{ value: unknown; transfer?: ArrayBuffer[] }>;
  /** Ends the task when aborted (rejecting with the signal's reason). */
  signal?: AbortSignal;
  /** This task's deadline once a thread took it, in ms, in place of the pool's `deadlineMs`. */
  deadlineMs?: number;
}

export class LimitedPool {
  #pool: Promise<Piscina> | undefined;
  #closed = false;
  /** Tasks run or waiting for a thread. */
  #inHand = 0;

  constructor(
    private readonly entryName: string,
    readonly limits: WorkerPoolLimits,
  ) {}

  /** The piscina pool, made on the first task (its entry may have to be bundled first). */
  #piscina(): Promise<Piscina> {
    this.#pool ??= threadEntryOf(this.entryName).then((entry) => {
      const pool = new Piscina({
        // A CommonJS loader that imports the entry (see thread-loader.cjs for why).
        filename: THREAD_LOADER,
        workerData: { entry: pathToFileURL(entry).href },
        // As many threads as allowed, kept: piscina starts a thread for a queued task only
        // up to `minThreads` when one ends (a thread that ran out of memory left a task
        // queued behind it waiting for ever with 0), and a kept thread keeps its code loaded.
        minThreads: this.limits.threads,
        maxThreads: this.limits.threads,
        resourceLimits: {
          maxOldGenerationSizeMb: this.limits.memoryMb,
          maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
        },
      });
      pool.on('error', (error: unknown) => this.#threadFailedWithNoTask(error));
      return pool;
    });
    return this.#pool;
  }

  /** Runs `kind` with `input` on a thread; answers its result or rejects (see the module's comment). */
  async run<Result>(kind: string, input: unknown, handlers: TaskHandlers = {}): Promise<Result> {
    if (this.#closed) throw new Error('the job threads are closed');
    const { maxQueue, threads } = this.limits;
    if (maxQueue !== undefined && this.#inHand >= threads + maxQueue)
      throw new WorkerLimitError('queue', `would wait behind more than the ${maxQueue} tasks that may wait`);
    this.#inHand++;
    try {
      return await this.#runInHand<Result>(kind, input, handlers);
    } finally {
      this.#inHand--;
    }
  }

  async #runInHand<Result>(kind: string, input: unknown, handlers: TaskHandlers): Promise<Result> {
    const pool = await this.#piscina();
    const { port1, port2 } = new MessageChannel();
    const deadline = new AbortController();
    // Waiting for a thread is bounded too (by one deadline), then running (by another).
    const deadlineMs = handlers.deadlineMs ?? this.limits.deadlineMs;
    let timer: NodeJS.Timeout | undefined = setTimeout(
      () => deadline.abort(this.#waitLimit()),
      this.limits.deadlineMs,
    );
    let answerFailure: { error: unknown } | undefined;
    const stop = () => deadline.abort(handlers.signal?.reason);
    handlers.signal?.addEventListener('abort', stop, { once: true });
    if (handlers.signal?.aborted) stop();
    port1.on('message', (message: FromThread) => {
      if (message.type === 'started') {
        clearTimeout(timer);
        timer = setTimeout(() => deadline.abort(this.#timeLimit(deadlineMs)), deadlineMs);
      } else if (message.type === 'tell') handlers.told?.(message.message);
      else if (message.type === 'ended') ended();
      else
        void this.#answer(port1, message.id, message.question, handlers, (error) => {
          answerFailure ??= { error };
        });
    });
    let ended: () => void = () => undefined;
    const drained = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const envelope: TaskEnvelope = { kind, input, port: port2 };
    try {
      const result = (await pool.run(envelope, {
        transferList: [port2 as unknown as MessagePort],
        signal: deadline.signal,
      })) as Result;
      // The result comes over piscina's channel, the tells over the task's: nothing orders the
      // two, and closing the task's channel now would drop a tell still queued (a PDF's last
      // page drawn). So the task ends once the thread said it ended, every tell handled.
      await Promise.race([drained, aborted(deadline.signal)]);
      return result;
    } catch (error) {
      if (answerFailure) throw answerFailure.error;
      if (deadline.signal.aborted) throw deadline.signal.reason;
      if ((error as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new WorkerLimitError(
          'memory',
          `needed more than the ${this.limits.memoryMb} MB of memory a job may use`,
        );
      throw error;
    } finally {
      clearTimeout(timer);
      handlers.signal?.removeEventListener('abort', stop);
      port1.close();
    }
  }

  /** Whether the threads were started: by a first task, or by `warm`. */
  get started(): boolean {
    return this.#pool !== undefined;
  }

  /**
   * Starts a thread in the background and has it load its code (the entry's `warm` task), so
   * that the first task does not wait for that; a failure is the first task's to meet.
   */
  warm(): void {
    this.run('warm', null).catch(() => undefined);
  }

  /** Ends the threads (a task in hand is rejected). */
  async close(): Promise<void> {
    this.#closed = true;
    await (await this.#pool)?.destroy();
  }

  /**
   * A thread failed with no task in hand, which piscina emits on the pool (an event nobody
   * listened to threw from the worker's exit, and took the process down). It comes after the
   * thread's task was settled: a thread terminated at its task's deadline or abort that ran out
   * of its heap before the termination took hold (a CI run was lost to that race), or an error
   * thrown in a thread after it answered. Piscina has already started its replacement, and the
   * task's caller had its answer: what is left is to say so, on the process's warnings (the pool
   * belongs to the process, not to one server's logger), without a stack.
   */
  #threadFailedWithNoTask(error: unknown): void {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const what = code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'ran out of memory' : 'failed';
    process.emitWarning(`a ${this.entryName} thread ${what} with no task in hand; another took its place`, {
      code: 'QUIRE_THREAD_FAILED_AFTER_TASK',
    });
  }

  #timeLimit(deadlineMs: number): WorkerLimitError {
    return new WorkerLimitError('time', `took longer than the ${secondsOf(deadlineMs)} s a job may take`);
  }

  #waitLimit(): WorkerLimitError {
    const seconds = secondsOf(this.limits.deadlineMs);
    return new WorkerLimitError('wait', `waited longer than the ${seconds} s a job may wait for a thread`);
  }

  async #answer(
    port: MessagePort,
    id: number,
    question: unknown,
    handlers: TaskHandlers,
    failed: (error: unknown) => void,
  ): Promise<void> {
    let reply: ToThread;
    let transfer: ArrayBuffer[] = [];
    try {
      if (!handlers.answer) throw new Error('this task asks nothing');
      const answer = await handlers.answer(question);
      reply = { type: 'answer', id, value: answer.value };
      transfer = answer.transfer ?? [];
    } catch (error) {
      failed(error);
      reply = { type: 'answer', id, failed: true };
    }
    try {
      port.postMessage(reply, transfer);
    } catch {
      // The task ended meanwhile (its port is closed): nobody waits for the answer.
    }
  }
}

const secondsOf = (ms: number) => Math.round(ms / 100) / 10;

/** Resolves when `signal` aborts (a thread that never says it ended is bounded by the deadline). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
