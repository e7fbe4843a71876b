/**
 * Derives and stores the documents of a space's new revision as soon as the space moves to it
 * (`space.content` events): the write path's half of stored documents (`deriveRevisionDocuments`),
 * so that a renderer's first read of an edited page, in any process, is a store read and not
 * a conversion. Best effort: a derivation that fails is logged, and readers derive on a miss.
 *
 * - *Off the event loop*: the bodies are converted in a worker thread (the job threads' entry,
 *   task `documents-convert`, one slice of 20 bodies a task) of a pool of its own, one per
 *   process: one thread, the job threads' heap cap, one task at a time. The server's loop only
 *   loads bodies and stores documents, so requests go on while a 5,000-page import's documents
 *   are derived (converted in place, they held the loop 91.8 s in slices of one conversion
 *   each). A pool of its own, not the jobs' threads: a warm-up never makes a job wait, nor
 *   shares a thread's heap with one.
 * - *Bounded*: one revision at a time for the whole server, one task in its thread at a
 *   time, a slice of bodies in memory at a time; per space only its newest revision waits
 *   (later events replace it: bodies derived before are skipped, so a run costs only the
 *   bodies that are new).
 * - *Progress*: a revision with `PROGRESS_EVERY` or more documents to derive logs how far it
 *   got every `PROGRESS_EVERY` documents, and every derivation logs its end.
 */
import { type DocumentConversion, type DomainServices, deriveRevisionDocuments } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import { LimitedPool } from '../worker-pools/limited-pool';
import type { ConvertDocumentsTask } from './convert-documents-in-thread';

/** Documents between two progress lines (and the least a revision needs to log them). */
export const PROGRESS_EVERY = 500;
/** How long one slice's conversion may take in a thread (20 bodies, each within the body caps). */
const SLICE_DEADLINE_MS = 120_000;

export interface WarmupLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Bodies converted in a pool's threads, in order (the JSON of each one's document). */
export function convertInThreads(threads: Pick<LimitedPool, 'run'>): DocumentConversion {
  return (markdowns) =>
    threads.run<string[]>('documents-convert', { bodies: [...markdowns] } satisfies ConvertDocumentsTask, {
      deadlineMs: SLICE_DEADLINE_MS,
    });
}

/**
 * The warm-ups' thread, one per process and heap cap (as the markdown threads are), kept once
 * started: idle, it keeps nothing alive. A process that starts several servers (a test worker
 * starts one per test file) started a thread and loaded its conversion code again for each
 * (about 0.4 s of a core), most of them for a few pages. Each server's warm-up has one slice
 * in its thread at a time, so the tasks waiting there are at most the process's other servers'.
 */
const warmupThreads = new Map<number, LimitedPool>();

function warmupThreadFor(memoryMb: number): LimitedPool {
  let thread = warmupThreads.get(memoryMb);
  if (!thread) {
    thread = new LimitedPool('job-thread', { threads: 1, memoryMb, deadlineMs: SLICE_DEADLINE_MS });
    warmupThreads.set(memoryMb, thread);
  }
  return thread;
}

/** Starts deriving; the function returned stops it (a slice under way finishes, no other starts). */
export function startDocumentWarmup(
  services: Pick<DomainServices, 'repos'> & { events: EventBus; jobThreads: Pick<LimitedPool, 'limits'> },
  log: WarmupLog,
): () => void {
  /** Per space, the newest revision not derived yet, in the order the spaces came. */
  const next = new Map<string, string>();
  const convert = convertInThreads(warmupThreadFor(services.jobThreads.limits.memoryMb));
  let draining = false;
  let stopped = false;

  const derive = async (spaceId: string, revisionId: string) => {
    let missing = 0;
    const derived = await deriveRevisionDocuments(services, spaceId, revisionId, {
      convert,
      progress: (done, of) => {
        missing = of;
        if (of >= PROGRESS_EVERY && done < of && done % PROGRESS_EVERY < 20)
          log.info(
            { spaceId, revisionId, derived: done, missing: of },
            'deriving the documents of a revision',
          );
      },
    });
    if (derived > 0 || missing > 0)
      log.info({ spaceId, revisionId, derived }, 'derived the documents of a revision');
  };

  const drain = async () => {
    draining = true;
    while (!stopped && next.size > 0) {
      const [spaceId, revisionId] = next.entries().next().value as [string, string];
      next.delete(spaceId);
      await derive(spaceId, revisionId).catch((error: unknown) => {
        if (!stopped) log.warn({ err: error, spaceId, revisionId }, 'deriving documents failed');
      });
    }
    draining = false;
  };

  const unsubscribe = services.events.subscribe((event) => {
    if (event.type !== 'space.content') return;
    // The newest revision of the space, behind the spaces already waiting.
    next.delete(event.spaceId);
    next.set(event.spaceId, event.revisionId);
    if (!draining) void drain();
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
