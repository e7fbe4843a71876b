/**
 * Child process of `worker-takeover.test.ts`: `blocking-worker-child.ts <leaseMs>`, configured
 * by the environment like the server (QUIRE_DATA_DIR, LOG_LEVEL). Opens the store the way
 * the server does, runs a job worker whose `test.blocking` handler prints `claimed <jobId>`
 * and then never ends (it keeps renewing the lease), and prints `ready` once it polls. The
 * parent SIGKILLs it in the middle of the job.
 */

import { parseConfig } from '../../src/config';
import { startJobWorker } from '../../src/jobs/job-worker';
import { openConfiguredStore } from '../../src/open-configured-store';
import { buildServices } from '../../src/services';

const [leaseArg] = process.argv.slice(2);
if (leaseArg === undefined) throw new Error('usage: blocking-worker-child.ts <leaseMs>');
const print = (line: string) => process.stdout.write(`${line}\n`);

const config = parseConfig(process.env);
const store = await openConfiguredStore(config);
const services = await buildServices({ config, store });
startJobWorker(
  services,
  {
    'test.blocking': (_ctx, job) => {
      print(`claimed ${job.id}`);
      return new Promise(() => {});
    },
  },
  { owner: 'doomed-child', leaseMs: Number(leaseArg), pollMs: 10 },
);
// The worker's timers do not hold the process: this one does, until the parent kills it.
setInterval(() => {}, 60_000);
print('ready');
