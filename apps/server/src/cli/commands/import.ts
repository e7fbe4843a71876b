/** `quire import <spaceId> <url|file>`: content into a space, with a progress bar. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../cli-error';
import { findUserByReference } from '../find-user-by-reference';
import { ProgressBar } from '../progress-bar';
import { withServices } from '../with-services';

const SOURCE_OF_EXTENSION: Record<string, string> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.zip': 'zip',
  '.docx': 'docx',
};

/** How often the command reads the import's job while it goes on. */
const POLL_MS = 250;

export function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description(
      'Import content into a space, as one new revision: a website (crawled under its path), an HTML page, ' +
        'a markdown file, a zip of markdown and images, or a docx; from a URL or a local file',
    )
    .argument('<spaceId>', 'the space to import into (a live space)')
    .argument('<location>', 'an http(s) URL, or the path of a local file')
    .requiredOption('--user <id|email>', 'who imports: needs the edit role on the space')
    .option(
      '--source <kind>',
      'website, html, markdown, zip or docx (default: website for URLs, else from the file name)',
    )
    .option('--json', 'print the result as JSON')
    .action((spaceId: string, location: string, options: { user: string; source?: string; json?: boolean }) =>
      withServices(async ({ services, domain }) => {
        const user = await findUserByReference(services, options.user);
        const isUrl = /^https?:\/\//i.test(location);
        const source =
          options.source ?? (isUrl ? 'website' : SOURCE_OF_EXTENSION[path.extname(location).toLowerCase()]);
        if (!source || !(domain.IMPORT_SOURCES as readonly string[]).includes(source)) {
          throw new CliError(
            `Say what ${location} is with --source (one of ${domain.IMPORT_SOURCES.join(', ')})`,
          );
        }
        const request = isUrl
          ? { source: source as (typeof domain.IMPORT_SOURCES)[number], url: location }
          : {
              source: source as (typeof domain.IMPORT_SOURCES)[number],
              bytes: new Uint8Array(await readFile(location)),
              name: path.basename(location),
            };
        const ctx = {
          ...services,
          caller: { userId: user.id, tokenId: 'cli', isInstanceAdmin: user.isInstanceAdmin },
        };
        const bar = new ProgressBar('resources');
        // The import is a job: this process runs a worker while it waits (with MongoDB a
        // server's worker may take it first), and follows the job to its end.
        const [{ startJobWorker }, { serverJobHandlers }] = await Promise.all([
          import('../../jobs/job-worker'),
          import('../../jobs/job-handlers'),
        ]);
        const worker = startJobWorker(services, serverJobHandlers(services), {
          concurrency: 1,
          wakeOn: services.events,
        });
        let outcome: Awaited<ReturnType<typeof domain.importIntoSpace>>;
        try {
          outcome = await domain.importIntoSpace(ctx, spaceId, request);
          while (outcome.import.status === 'pending' || outcome.import.status === 'running') {
            await new Promise((resolve) => setTimeout(resolve, POLL_MS));
            const job = await services.repos.jobs.findById(outcome.import.id);
            if (!job) throw new CliError(`The import's job ${outcome.import.id} is gone`);
            const current = domain.presentImportJob(services.urls, job);
            bar.update(current.done, current.total);
            outcome = {
              revision: current.revision ?? '',
              importedResources: current.done,
              totalResources: current.total,
              import: current,
            };
          }
        } finally {
          bar.end();
          await worker.stop({ abort: true });
        }
        if (outcome.import.status === 'failed')
          throw new CliError(`The import failed: ${outcome.import.error ?? 'no reason given'}`);
        if (options.json) {
          process.stdout.write(`${JSON.stringify(outcome)}\n`);
          return;
        }
        process.stdout.write(
          `Imported ${outcome.importedResources} of ${outcome.totalResources} resources into space ${spaceId}: ` +
            `revision ${outcome.revision}.\n`,
        );
      }),
    );
}
