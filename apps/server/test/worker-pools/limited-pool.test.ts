/**
 * The job threads' pool (`LimitedPool`) over the real thread entry: a task that runs out of
 * its thread's heap rejects with the memory limit and the task queued behind it runs on a
 * new thread (with piscina's `minThreads: 0` it waited for ever); a task past its deadline
 * rejects with the time limit; what a thread tells just before its result is handled before
 * the task resolves (the last page of a PDF drawn was lost when the main thread was busy); a
 * thread that runs out of memory after its task was stopped is replaced and said so (it took
 * the process down).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTENT_IMPORT_LIMITS } from '../../src/imports/server-content-imports';
import type { PdfInThread } from '../../src/pdf/render-pdf-in-thread';
import { LimitedPool, WorkerLimitError } from '../../src/worker-pools/limited-pool';

const limits = { ...DEFAULT_CONTENT_IMPORT_LIMITS, allowHosts: [] };
const manual = new TextEncoder().encode(
  '<!doctype html><html><body><main><h1>Manual</h1>' +
    Array.from(
      { length: 3000 },
      (_, i) =>
        `<h2>Section ${i}</h2><p>Section ${i} explains <b>how</b> it <a href="https://x.test/${i}">works</a>.</p>`,
    ).join('') +
    '</main></body></html>',
);
const notes = new TextEncoder().encode('# Notes\n\nSome **notes**.\n');
const importOf = (bytes: Uint8Array, source: 'html' | 'markdown') => ({
  request: { source, bytes, name: `import.${source}` },
  limits,
});

const pools: LimitedPool[] = [];
const poolOf = (memoryMb: number, deadlineMs: number) => {
  const pool = new LimitedPool('job-thread', { threads: 1, memoryMb, deadlineMs });
  pools.push(pool);
  return pool;
};
afterEach(() => Promise.all(pools.splice(0).map((pool) => pool.close())));

describe('LimitedPool', () => {
  it('fails a task past the heap limit, and runs the task queued behind it on a new thread', async () => {
    const pool = poolOf(48, 60_000);
    const bomb = pool.run('content-import', importOf(manual, 'html'));
    const next = pool.run('content-import', importOf(notes, 'markdown'));
    await expect(bomb).rejects.toEqual(
      new WorkerLimitError('memory', 'needed more than the 48 MB of memory a job may use'),
    );
    await expect(next).resolves.toMatchObject({ ok: true, content: { pages: [{ title: 'Notes' }] } });
  }, 120_000);

  it('fails a task past its deadline, counted from when a thread took it', async () => {
    // The wait for a thread bounded by the pool's 60 s, the run by the task's own 1 s: a busy
    // machine may take over a second to hand the task to the thread, which is not what this tests.
    const pool = poolOf(1024, 60_000);
    await pool.run('warm', null).catch(() => undefined);
    await expect(
      pool.run('content-import', importOf(manual, 'html'), { deadlineMs: 1000 }),
    ).rejects.toMatchObject({
      limit: 'time',
      message: 'took longer than the 1 s a job may take',
    });
  }, 120_000);

  it('handles every tell of a task before it resolves, the last one sent as the thread ends included', async () => {
    const pool = poolOf(1024, 60_000);
    const pages = ['One', 'Two', 'Three'].map((title) => ({ id: title, title, depth: 0 }));
    const told: unknown[] = [];
    await pool.run('pdf-render', { title: 'Handbook', pages } satisfies PdfInThread, {
      told: (message) => told.push(message),
      answer: async (question) => {
        const { body } = question as { body: number };
        // The main thread busy while the thread draws the last page, tells it and ends: its
        // tell and its result then wait side by side, on two channels.
        if (body === pages.length - 1) setImmediate(() => Atomics.wait(busy, 0, 0, 500));
        return { value: `Page ${body}.` };
      },
    });
    expect(told.at(-1)).toEqual([3, 3]);
  }, 120_000);

  it('outlives a thread that runs out of memory once its task was stopped, and says so', async () => {
    const pool = poolOf(48, 60_000);
    await pool.run('warm', null).catch(() => undefined);
    const warnings: Error[] = [];
    const warned = (warning: Error) => warnings.push(warning);
    process.on('warning', warned);
    try {
      const stop = new AbortController();
      const bomb = pool.run('content-import', importOf(manual, 'html'), { signal: stop.signal });
      bomb.catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      // The task is the thread's; the main thread held while the thread runs out of its heap
      // (well under a second), then the task stopped before the thread's end is read: piscina
      // terminates a thread already gone, and its out-of-memory error comes with no task in hand.
      Atomics.wait(busy, 0, 0, 5_000);
      stop.abort(new Error('the job was stopped'));
      await expect(bomb).rejects.toThrow('the job was stopped');
      await vi.waitFor(() =>
        expect(warnings.map(({ message }) => message)).toContain(
          'a job-thread thread ran out of memory with no task in hand; another took its place',
        ),
      );
      await expect(pool.run('content-import', importOf(notes, 'markdown'))).resolves.toMatchObject({
        ok: true,
      });
    } finally {
      process.off('warning', warned);
    }
  }, 120_000);
});

const busy = new Int32Array(new SharedArrayBuffer(4));
