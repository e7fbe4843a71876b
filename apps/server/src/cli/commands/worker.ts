/** `quire worker`: runs the job worker alone, without the HTTP server, until SIGINT or SIGTERM. */
import { type Command, InvalidArgumentError } from 'commander';
import type { JobWorkerEvent } from '../../jobs/job-worker';
import { withServices } from '../with-services';

const print = (line: string) => process.stdout.write(`${line}\n`);

/** One line per job start and end on stdout; an internal cause on stderr (the job records only its code). */
function printJobEvent(event: JobWorkerEvent): void {
  if (event.type === 'claimError') {
    process.stderr.write(`quire: claiming a job failed: ${String(event.error)}\n`);
    return;
  }
  const { id, kind, attempts, maxAttempts } = event.job;
  switch (event.type) {
    case 'started':
      print(`job ${id} (${kind}) started: attempt ${attempts} of ${maxAttempts}`);
      return;
    case 'done':
      print(`job ${id} (${kind}) done`);
      return;
    case 'retrying':
      print(
        `job ${id} (${kind}) attempt ${attempts} failed (${event.error.code}): next attempt at ${event.retryAt}`,
      );
      break;
    case 'failed':
      print(`job ${id} (${kind}) failed (${event.error.code}): ${event.error.message}`);
      break;
    case 'lost':
      print(`job ${id} (${kind}) was taken over by another worker: this attempt wrote nothing`);
      return;
  }
  if (event.cause !== undefined && event.error.code === 'INTERNAL')
    process.stderr.write(
      `quire: job ${id}: ${event.cause instanceof Error ? (event.cause.stack ?? event.cause.message) : String(event.cause)}\n`,
    );
}

const positiveInteger = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('must be a positive integer');
  return number;
};

export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description(
      'Run the job worker alone (no HTTP server): claim background jobs from the store and run them until ' +
        'SIGINT or SIGTERM, printing a line as each job starts and ends. Set QUIRE_JOBS_IN_SERVER=false on ' +
        'servers that should leave jobs to workers',
    )
    .option('--concurrency <n>', 'jobs run side by side', positiveInteger, 2)
    .action((options: { concurrency: number }) =>
      withServices(async ({ services }) => {
        const [{ startJobWorker }, { serverJobHandlers }] = await Promise.all([
          import('../../jobs/job-worker'),
          import('../../jobs/job-handlers'),
        ]);
        const stopRequested = new Promise<NodeJS.Signals>((resolve) => {
          process.once('SIGINT', resolve);
          process.once('SIGTERM', resolve);
        });
        const worker = startJobWorker(services, serverJobHandlers(services), {
          concurrency: options.concurrency,
          onEvent: printJobEvent,
          wakeOn: services.events,
        });
        print(`worker ${worker.owner} started: up to ${options.concurrency} jobs at a time`);
        // The worker's timers do not hold the process (inside the server, the server does): this one does.
        const keepAlive = setInterval(() => {}, 1 << 30);
        const signal = await stopRequested;
        clearInterval(keepAlive);
        print(`worker ${worker.owner} stopping (${signal}): waiting for the jobs in hand`);
        await worker.stop();
        print(`worker ${worker.owner} stopped`);
      }),
    );
}
