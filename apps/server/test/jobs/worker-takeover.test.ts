/**
 * A worker killed in the middle of a job: a child process (`blocking-worker-child.ts`) claims
 * the job and is SIGKILLed while its handler runs; a worker in this process then opens the
 * store (repairing it as after any unclean stop), takes the job over once the dead worker's
 * lease has ended, and completes it: the handler's side effect (a document whose `_id` is
 * the job id, so a second run could not add another) happens exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { enqueueJob, systemClock } from '@quire/domain';
import { createRepositories } from '@quire/persistence';
import { afterAll, expect, it } from 'vitest';
import { TimeOrderedIds } from '../../src/adapters/time-ordered-ids';
import { parseConfig } from '../../src/config';
import { startJobWorker } from '../../src/jobs/job-worker';
import { openConfiguredStore } from '../../src/open-configured-store';
import { buildServices } from '../../src/services';
import { bundledWorker } from '../support/bundled-worker';
import { envFor, makeDataDir } from '../support/data-dir-server';
import { eventOf, workerEvents } from './worker-events';

const SERVER_PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./blocking-worker-child.ts', import.meta.url));
const LEASE_MS = 500;

let dataDir = '';
/** The child, bundled (`bundledWorker`): through tsx it loaded the server's sources for seconds. */
let bundleDir = '';
const live = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of live) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
});

/** Resolves with the first stdout line of `child` that matches. */
function lineOf(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = line.match(pattern);
      if (match) {
        lines.close();
        resolve(match);
      }
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`the child ended (${code ?? signal}) before ${pattern}`)),
    );
  });
}

it('takes over the job of a worker killed mid-job and completes it exactly once', async () => {
  dataDir = await makeDataDir();
  const bundled = await bundledWorker(CHILD);
  bundleDir = bundled.dir;
  const config = parseConfig(envFor(dataDir));

  const first = await openConfiguredStore(config);
  const job = await enqueueJob(
    {
      repos: createRepositories(first.db),
      clock: systemClock,
      ids: new TimeOrderedIds(),
      // The worker runs in another process: it polls, no event reaches it.
      events: { publish: async () => {} },
    },
    { kind: 'test.blocking', payload: {}, organizationId: 'org-takeover', createdBy: 'user-1' },
  );
  await first.close();

  let stderr = '';
  const child = spawn(process.execPath, [...bundled.command, String(LEASE_MS)], {
    cwd: SERVER_PACKAGE,
    env: { ...process.env, ...envFor(dataDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const claimed = await lineOf(child, /^claimed (\S+)$/).catch((error: Error) => {
    throw new Error(`${error.message}\n${stderr}`);
  });
  expect(claimed[1]).toBe(job.id);
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
  live.delete(child);

  const store = await openConfiguredStore(config);
  const services = await buildServices({ config, store });
  const effects = store.db.collection<{ _id: string }>('jobEffects');
  const events = workerEvents();
  // Read before the rescuer starts: on a busy machine, opening the store can outlast the dead
  // worker's lease, and a rescuer already polling would have taken the job over.
  const before = await services.repos.jobs.findById(job.id);
  const rescuer = startJobWorker(
    services,
    {
      'test.blocking': async (_ctx, running) => {
        await effects.insertOne({ _id: running.id });
        return { by: 'rescuer' };
      },
    },
    { owner: 'rescuer', leaseMs: LEASE_MS, pollMs: 10, onEvent: events.onEvent },
  );
  try {
    expect(before).toMatchObject({ state: 'running', leaseOwner: 'doomed-child', attempts: 1 });
    await events.waitFor(eventOf('done', job.id));
    const done = await services.repos.jobs.findById(job.id);
    expect(done).toMatchObject({ state: 'done', attempts: 2, result: { by: 'rescuer' } });
    // Taken over only once the dead worker's lease had ended (its own lines died with it).
    expect(Date.parse(done!.log[0]!.at)).toBeGreaterThan(Date.parse(before!.leaseUntil!));
    expect(done!.log.map((line) => line.message)).toEqual(['attempt 2 of 5 started', 'done']);
    expect(await effects.countDocuments({})).toBe(1);
    expect(events.all.filter((event) => event.type === 'started')).toHaveLength(1);
  } finally {
    await rescuer.stop();
    await services.events.close();
    await store.close();
  }
}, 60_000);
