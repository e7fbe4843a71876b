/**
 * Child process of `worker-deaths.test.ts`: `memory-hungry-worker-child <leaseMs>`, run with
 * a small heap (`--max-old-space-size`) and configured by the environment like the server
 * (QUIRE_DATA_DIR, LOG_LEVEL). Opens the store the way the server does and runs a job
 * worker whose `test.hungry` handler prints `claimed <jobId> <workerDeaths>` and then holds
 * ever more memory until the process dies of it (what a docx bomb did to the server). A job
 * the worker refuses to run prints `failed <jobId> <code>` instead.
 */

import { type DomainServices, systemClock } from '@quire/domain';
import { createRepositories } from '@quire/persistence';
import { TimeOrderedIds } from '../../src/adapters/time-ordered-ids';
import { parseConfig } from '../../src/config';
import { startJobWorker } from '../../src/jobs/job-worker';
import { openConfiguredStore } from '../../src/open-configured-store';

const [leaseArg] = process.argv.slice(2);
if (leaseArg === undefined) throw new Error('usage: memory-hungry-worker-child.ts <leaseMs>');
const print = (line: string) => process.stdout.write(`${line}\n`);

const config = parseConfig(process.env);
const store = await openConfiguredStore(config);
// The worker needs the repositories, a clock and ids, not the server's other services (thread
// pools, search): the handler below uses none of them.
const services = {
  repos: createRepositories(store.db),
  clock: systemClock,
  ids: new TimeOrderedIds(),
  events: { publish: async () => {} },
} as unknown as DomainServices;
const held: number[][] = [];
startJobWorker(
  services,
  {
    'test.hungry': async (_ctx, job) => {
      print(`claimed ${job.id} ${job.workerDeaths ?? 0}`);
      for (;;) {
        // 8 MB of heap a step, all kept: the heap fills until the process dies.
        held.push(new Array<number>(1_000_000).fill(held.length));
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  },
  {
    owner: `hungry-child-${process.pid}`,
    leaseMs: Number(leaseArg),
    pollMs: 10,
    onEvent: (event) => {
      if (event.type === 'failed') print(`failed ${event.job.id} ${event.error.code}`);
    },
  },
);
// The worker's timers do not hold the process: this one does, until it dies or is killed.
setInterval(() => {}, 60_000);
print('ready');
