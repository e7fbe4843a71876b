/**
 * The server's `UntrustedMarkdown` (issue 25, item 1): markdown from outside is read in
 * threads under a deadline and a heap cap, never on the calling thread. Ordering assertions,
 * not timed ones: while a quadratic text is being read, the calling thread keeps running
 * (a timer set after the reading began fires before the reading ends).
 */
import { normalizeMarkdown } from '@quire/documents';
import { DomainError } from '@quire/domain';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MINIMUM_BUDGET_MS,
  readingBudgetMs,
  ThreadedUntrustedMarkdown,
} from '../../src/markdown/threaded-untrusted-markdown';

/**
 * A MiB of emphasis delimiters. Quire reads emphasis in linear time (`linear-attention.ts`), so
 * this costs about 10 ms a KiB, seconds in all, wherever it runs; read by a pool allowing a
 * second for it (`strict`), it is refused however fast the machine (64 KiB under a budget of
 * 25 ms a KiB was refused on a slow one and read in time on a faster one).
 */
const EMPHASIS_BOMB = '*a**'.repeat(262_144);

const threads = new ThreadedUntrustedMarkdown({
  threads: 1,
  memoryMb: 256,
  msPerKib: 25,
  maxQueue: 10,
  minimumMs: 1_000,
});
const strict = new ThreadedUntrustedMarkdown({
  threads: 1,
  memoryMb: 256,
  msPerKib: 0.5,
  maxQueue: 10,
  minimumMs: 1_000,
});
afterAll(() => Promise.all([threads.close(), strict.close()]));

/** What settles first: the reading, or a timer set once it began. */
async function firstToSettle(reading: Promise<unknown>): Promise<'reading' | 'timer'> {
  const timer = new Promise<'timer'>((resolve) => setTimeout(() => resolve('timer'), 0));
  return Promise.race([reading.then(() => 'reading' as const), timer]);
}

describe('markdown read in threads', () => {
  it('reads a body into its stored form, its front matter split off', async () => {
    const text = '---\ntitle: Setup\n---\n# Setup\n\n* one\n* two\n\nSome *text*.';
    expect(await threads.read(text, { frontMatter: true })).toEqual({
      ok: true,
      markdown: normalizeMarkdown('# Setup\n\n* one\n* two\n\nSome *text*.'),
      frontMatter: { title: 'Setup' },
    });
    expect(await threads.read('a\n\n---\n')).toMatchObject({ ok: true, frontMatter: {} });
  });

  it('refuses a text past its reading budget, the calling thread free meanwhile; the next text is read', async () => {
    const reading = strict.read(EMPHASIS_BOMB);
    expect(await firstToSettle(reading)).toBe('timer');
    expect(readingBudgetMs(strict.limits, EMPHASIS_BOMB.length)).toBe(1_000);
    expect(await reading).toEqual({
      ok: false,
      reason: 'markdown too costly to read: it took longer than the 1 s its 1024 KiB may take',
    });
    // The thread that was stopped was replaced.
    expect(await strict.read('Still *here*.')).toMatchObject({ ok: true, markdown: 'Still _here_.\n' });
  });

  it("refuses what the parser's limits refuse without a thread, and a front matter that is not a mapping", async () => {
    expect(await threads.read(`${'*'.repeat(200)}a`)).toEqual({
      ok: false,
      reason: 'markdown line 1 repeats one of * _ ~ [ ] more than 128 times in a row',
    });
    expect(await threads.read('---\n- a\n- b\n---\nBody', { frontMatter: true })).toEqual({
      ok: false,
      reason: 'front matter must be a YAML mapping (key: value lines), not a list',
    });
  });

  it('refuses a text whose reading needs more heap than a thread has; the next text is read', async () => {
    const small = new ThreadedUntrustedMarkdown({
      threads: 1,
      memoryMb: 32,
      msPerKib: 1_000,
      maxQueue: 10,
      minimumMs: 1_000,
    });
    try {
      // A quarter of a megabyte of short list items: a tree of about a hundred thousand nodes.
      const items = '- item *one* and [a link](https://example.com)\n'.repeat(5_000);
      expect(await small.read(items)).toEqual({
        ok: false,
        reason: 'markdown too costly to read: it needs more than the 32 MB of memory a text may use',
      });
      expect(await small.read('Next.')).toMatchObject({ ok: true, markdown: 'Next.\n' });
    } finally {
      await small.close();
    }
  });

  it('answers unavailable to a text that would wait behind more than maxQueue others', async () => {
    const busy = new ThreadedUntrustedMarkdown({
      threads: 1,
      memoryMb: 256,
      msPerKib: 25,
      maxQueue: 1,
      minimumMs: 1_000,
    });
    try {
      // Handed to the pool in one go, before its thread can take any of them.
      const readings = Array.from({ length: 10 }, (_, i) => busy.read(`Text ${i}.`));
      const settled = await Promise.allSettled(readings);
      expect(
        settled.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason),
      ).toContainEqual(
        new DomainError('unavailable', 'Too much markdown is waiting to be read: retry in a moment'),
      );
    } finally {
      await busy.close();
    }
  }, 60_000);

  it('gives each KiB its time, and a short text a second', () => {
    expect(readingBudgetMs({ msPerKib: 100 }, 10)).toBe(DEFAULT_MINIMUM_BUDGET_MS);
    expect(readingBudgetMs({ msPerKib: 100, minimumMs: 1_000 }, 10)).toBe(1_000);
    expect(readingBudgetMs({ msPerKib: 100, minimumMs: 1_000 }, 10 * 1024)).toBe(1_000);
    expect(readingBudgetMs({ msPerKib: 100 }, 64 * 1024)).toBe(6_400);
    expect(readingBudgetMs({ msPerKib: 100 }, 512_000)).toBe(50_000);
  });
});
