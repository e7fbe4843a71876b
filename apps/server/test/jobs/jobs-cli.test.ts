/**
 * `quire worker` and `quire jobs list|show|retry` over a data directory the test prepared
 * (the embedded store takes one process at a time: the test closes it before each command).
 * `quire jobs` runs through the program in the test's process (`runQuire`: the same program
 * as the launcher's, without a process start per command); `quire worker`, which runs until
 * a signal, as a child process through the launcher, like a person would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { enqueueJob, type JobRecord, systemClock } from '@quire/domain';
import { createRepositories } from '@quire/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeOrderedIds } from '../../src/adapters/time-ordered-ids';
import { parseConfig } from '../../src/config';
import { openConfiguredStore } from '../../src/open-configured-store';
import { envFor, makeDataDir } from '../support/data-dir-server';
import { runQuire } from '../support/run-quire';

const LAUNCHER = fileURLToPath(new URL('../../bin/quire.mjs', import.meta.url));
/** A command through the launcher takes seconds on a busy machine; some tests run several. */
const TIMEOUT = 180_000;

let dataDir = '';
const live = new Set<ChildProcess>();

const quire = (args: string[]) => runQuire(args, envFor(dataDir));

/** Opens the store as a command would, for the test's own writes and reads, and closes it. */
async function withStore<T>(work: (repos: ReturnType<typeof createRepositories>) => Promise<T>): Promise<T> {
  const store = await openConfiguredStore(parseConfig(envFor(dataDir)));
  try {
    return await work(createRepositories(store.db));
  } finally {
    await store.close();
  }
}

const ids = new TimeOrderedIds();
let pending: JobRecord;
let failed: JobRecord;
let done: JobRecord;

beforeAll(async () => {
  dataDir = await makeDataDir();
  await withStore(async (repos) => {
    // No worker follows this process's events: the commands under test poll the store.
    const services = { repos, clock: systemClock, ids, events: { publish: async () => {} } };
    const enqueue = (kind: string, organizationId = 'org-cli') =>
      enqueueJob(services, { kind, payload: {}, organizationId, createdBy: 'user-cli', maxAttempts: 1 });
    done = await enqueue('cli.done', 'org-other');
    failed = await enqueue('cli.failed');
    pending = await enqueue('cli.pending');
    const state = {
      progress: { done: 2, total: 4 },
      log: [{ at: new Date().toISOString(), message: 'halfway' }],
    };
    await repos.jobs.claimNext('cli-test', new Date(), 60_000);
    await repos.jobs.complete(done.id, 'cli-test', { pages: 4 }, state, new Date());
    await repos.jobs.claimNext('cli-test', new Date(), 60_000);
    await repos.jobs.fail(
      failed.id,
      'cli-test',
      { code: 'PARSE_ERROR', message: 'Not OpenAPI' },
      state,
      new Date(),
    );
  });
}, TIMEOUT);
afterAll(async () => {
  for (const child of live) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('quire jobs', () => {
  it(
    'is listed by --help with its commands, and so is quire worker',
    async () => {
      const help = await quire(['--help']);
      expect(help.stdout).toContain('worker');
      expect(help.stdout).toContain('jobs');
      const jobs = await quire(['jobs', '--help']);
      for (const command of ['list', 'show', 'retry']) expect(jobs.stdout).toContain(command);
      const worker = await quire(['worker', '--help']);
      expect(worker.stdout).toContain('--concurrency');
    },
    TIMEOUT,
  );

  it(
    'lists jobs newest first, by state and organization',
    async () => {
      const all = await quire(['jobs', 'list']);
      expect(all.code).toBe(0);
      const lines = all.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^ID\s+KIND\s+STATE\s+PROGRESS/);
      expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual([pending.id, failed.id, done.id]);
      expect(all.stdout).toMatch(
        new RegExp(`${failed.id}\\s+cli\\.failed\\s+failed\\s+2/4\\s+1/1\\s+PARSE_ERROR`),
      );

      const onlyFailed = await quire(['jobs', 'list', '--state', 'failed', '--json']);
      expect(
        onlyFailed.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).id),
      ).toEqual([failed.id]);
      const other = await quire(['jobs', 'list', '--org', 'org-other', '--json']);
      expect(
        other.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).id),
      ).toEqual([done.id]);

      const bad = await quire(['jobs', 'list', '--state', 'sleeping']);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('--state must be one of pending, running, done, failed');
    },
    TIMEOUT,
  );

  it(
    'shows a job with its progress, error and log',
    async () => {
      const shown = await quire(['jobs', 'show', failed.id]);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(/state:\s+failed/);
      expect(shown.stdout).toMatch(/progress:\s+2 of 4/);
      expect(shown.stdout).toMatch(/error:\s+PARSE_ERROR: Not OpenAPI/);
      expect(shown.stdout).toMatch(/log:\n\s+\S+\s+halfway/);
      const unknown = await quire(['jobs', 'show', 'no-such-job']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No job no-such-job');
    },
    TIMEOUT,
  );

  it(
    'retries a failed job, and refuses any other',
    async () => {
      const retried = await quire(['jobs', 'retry', failed.id]);
      expect(retried).toMatchObject({ code: 0 });
      expect(retried.stdout).toContain(`Job ${failed.id} (cli.failed) is pending again`);
      const job = await withStore((repos) => repos.jobs.findById(failed.id));
      expect(job).toMatchObject({ state: 'pending', attempts: 0 });
      expect(job?.error).toBeUndefined();
      const refused = await quire(['jobs', 'retry', done.id]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is done: only a failed job can be retried');
    },
    TIMEOUT,
  );
});

describe('quire worker', () => {
  it(
    'runs the pending jobs, printing each start and end, and stops on SIGTERM',
    async () => {
      const child = spawn(process.execPath, [LAUNCHER, 'worker', '--concurrency', '1'], {
        env: { ...process.env, ...envFor(dataDir) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      live.add(child);
      const lines: string[] = [];
      // 'close': after the process ended and its output was read to the end.
      const exited = once(child, 'close');
      // The server runs no handler for these kinds yet: each job fails as UNKNOWN_JOB_KIND. The
      // worker then idles (it must stay up: its timers alone would let the process end).
      const ended = new Set<string>();
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          lines.push(line);
          const end = line.match(/^job (\S+) \(\S+\) failed \(UNKNOWN_JOB_KIND\)/);
          if (end?.[1]) ended.add(end[1]);
          if (ended.has(pending.id)) resolve();
        });
        child.on('exit', () => reject(new Error(`the worker ended early:\n${lines.join('\n')}`)));
      });
      child.kill('SIGTERM');
      const [code] = await exited;
      live.delete(child);
      expect(code).toBe(0);
      expect(lines[0]).toMatch(/^worker \S+ started: up to 1 jobs at a time$/);
      expect(lines).toContain(`job ${pending.id} (cli.pending) started: attempt 1 of 1`);
      expect(lines.at(-1)).toMatch(/^worker \S+ stopped$/);
      const job = await withStore((repos) => repos.jobs.findById(pending.id));
      expect(job).toMatchObject({ state: 'failed', error: { code: 'UNKNOWN_JOB_KIND' } });
    },
    TIMEOUT,
  );
});
