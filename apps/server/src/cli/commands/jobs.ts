/** `quire jobs list|show|retry`: the background jobs in the store and how they went. */
import type { JobRecord } from '@quire/domain';
import type { Command } from 'commander';
import type { CliRun } from '../cli-run';
import { connectFor } from '../command-connection';
import { printTable } from '../print-table';

const progressOf = (job: JobRecord) =>
  job.progress.total > 0 ? `${job.progress.done}/${job.progress.total}` : '';

function printJob(print: (line: string) => void, job: JobRecord): void {
  const fields: Array<[string, string | undefined]> = [
    ['id', job.id],
    ['kind', job.kind],
    ['state', job.state],
    ['organization', job.organizationId],
    ['space', job.spaceId],
    ['created by', job.createdBy],
    ['attempts', `${job.attempts} of ${job.maxAttempts}`],
    ['progress', `${job.progress.done} of ${job.progress.total}`],
    ['run at', job.state === 'pending' ? job.runAt : undefined],
    ['lease', job.leaseOwner ? `${job.leaseOwner} until ${job.leaseUntil}` : undefined],
    ['error', job.error ? `${job.error.code}: ${job.error.message}` : undefined],
    ['created', job.createdAt],
    ['updated', job.updatedAt],
    ['finished', job.finishedAt],
  ];
  for (const [name, value] of fields) if (value !== undefined) print(`${`${name}:`.padEnd(14)}${value}`);
  if (job.result) print(`${'result:'.padEnd(14)}${JSON.stringify(job.result)}`);
  print('log:');
  if (job.log.length === 0) print('  (empty)');
  for (const line of job.log) print(`  ${line.at}  ${line.message}`);
}

export function registerJobsCommands(program: Command, run: CliRun): void {
  const print = (line: string) => run.out(`${line}\n`);
  const jobs = program.command('jobs').description('Show and retry background jobs');

  jobs
    .command('list')
    .description('List background jobs, newest first')
    .option('--state <state>', 'only jobs in this state: pending, running, done or failed')
    .option('--org <organizationId>', "only this organization's jobs")
    .option('--json', 'print the jobs as JSON lines')
    .action((options: { state?: string; org?: string; json?: boolean }, command: Command) =>
      connectFor(run, command, async (connection) => {
        const all = await connection.call('jobs.list', {
          ...(options.state === undefined ? {} : { state: options.state }),
          ...(options.org === undefined ? {} : { organizationId: options.org }),
        });
        if (options.json) {
          for (const job of all) print(JSON.stringify(job));
          return;
        }
        printTable(
          run.out,
          ['ID', 'KIND', 'STATE', 'PROGRESS', 'ATTEMPTS', 'ERROR', 'CREATED', 'FINISHED'],
          all.map((job) => [
            job.id,
            job.kind,
            job.state,
            progressOf(job),
            `${job.attempts}/${job.maxAttempts}`,
            job.error?.code,
            job.createdAt,
            job.finishedAt,
          ]),
        );
      }),
    );

  jobs
    .command('show')
    .description('Show a job: its state, progress, attempts, error and log')
    .argument('<jobId>', 'id of the job (see `quire jobs list`)')
    .option('--json', 'print the job as JSON')
    .action((jobId: string, options: { json?: boolean }, command: Command) =>
      connectFor(run, command, async (connection) => {
        const job = await connection.call('jobs.show', { jobId });
        if (options.json) print(JSON.stringify(job));
        else printJob(print, job);
      }),
    );

  jobs
    .command('retry')
    .description('Run a failed job again: back to pending, its attempts counted from zero')
    .argument('<jobId>', 'id of a failed job')
    .action((jobId: string, _options: unknown, command: Command) =>
      connectFor(run, command, async (connection) => {
        const retried = await connection.call('jobs.retry', { jobId });
        print(`Job ${retried.id} (${retried.kind}) is pending again: a worker will run it.`);
      }),
    );
}
