/** `quire jobs list|show|retry`: the background jobs in the store and how they went. */
import type { JobRecord, JobState, PageRequest } from '@quire/domain';
import type { Command } from 'commander';
import { CliError } from '../cli-error';
import { printTable } from '../print-table';
import { withServices } from '../with-services';

const PAGE = 500;

const print = (line: string) => process.stdout.write(`${line}\n`);

const progressOf = (job: JobRecord) =>
  job.progress.total > 0 ? `${job.progress.done}/${job.progress.total}` : '';

function printJob(job: JobRecord): void {
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

export function registerJobsCommands(program: Command): void {
  const jobs = program.command('jobs').description('Show and retry background jobs');

  jobs
    .command('list')
    .description('List background jobs, newest first')
    .option('--state <state>', 'only jobs in this state: pending, running, done or failed')
    .option('--org <organizationId>', "only this organization's jobs")
    .option('--json', 'print the jobs as JSON lines')
    .action((options: { state?: string; org?: string; json?: boolean }) =>
      withServices(async ({ services, domain }) => {
        const state = domain.JOB_STATES.find((known: JobState) => known === options.state);
        if (options.state !== undefined && !state)
          throw new CliError(`--state must be one of ${domain.JOB_STATES.join(', ')}`);
        const filter = {
          ...(options.org === undefined ? {} : { organizationId: options.org }),
          ...(state === undefined ? {} : { state }),
        };
        const all: JobRecord[] = [];
        let page: PageRequest = { limit: PAGE };
        for (;;) {
          const slice = await services.repos.jobs.list(filter, page);
          all.push(...slice.items);
          if (!slice.next) break;
          page = { limit: PAGE, after: slice.next };
        }
        if (options.json) {
          for (const job of all) print(JSON.stringify(job));
          return;
        }
        printTable(
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
    .action((jobId: string, options: { json?: boolean }) =>
      withServices(async ({ services }) => {
        const job = await services.repos.jobs.findById(jobId);
        if (!job) throw new CliError(`No job ${jobId} (see \`quire jobs list\`)`);
        if (options.json) print(JSON.stringify(job));
        else printJob(job);
      }),
    );

  jobs
    .command('retry')
    .description('Run a failed job again: back to pending, its attempts counted from zero')
    .argument('<jobId>', 'id of a failed job')
    .action((jobId: string) =>
      withServices(async ({ services }) => {
        const retried = await services.repos.jobs.retry(jobId, services.clock.now());
        if (!retried) {
          const job = await services.repos.jobs.findById(jobId);
          throw new CliError(
            job
              ? `Job ${jobId} is ${job.state}: only a failed job can be retried`
              : `No job ${jobId} (see \`quire jobs list\`)`,
          );
        }
        print(`Job ${retried.id} (${retried.kind}) is pending again: a worker will run it.`);
      }),
    );
}
