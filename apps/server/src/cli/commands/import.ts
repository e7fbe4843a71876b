/** `quire import <spaceId> <url|file>`: content into a space, with a progress bar. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../cli-error';
import type { CliRun } from '../cli-run';
import { connectFor } from '../command-connection';
import { ProgressBar } from '../progress-bar';

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

export function registerImportCommand(program: Command, run: CliRun): void {
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
    .action(
      (
        spaceId: string,
        location: string,
        options: { user: string; source?: string; json?: boolean },
        command: Command,
      ) =>
        connectFor(run, command, async (connection) => {
          const isUrl = /^https?:\/\//i.test(location);
          const source =
            options.source ?? (isUrl ? 'website' : SOURCE_OF_EXTENSION[path.extname(location).toLowerCase()]);
          // The file is read here, by the command (the server may run elsewhere in the file
          // system, as another user): the operation gets its bytes.
          const file =
            isUrl || source === undefined
              ? undefined
              : { name: path.basename(location), base64: (await readFile(location)).toString('base64') };
          const bar = new ProgressBar('resources', run);
          let outcome: Awaited<ReturnType<typeof connection.call<'import.start'>>>;
          try {
            // The import is a job, run by the server's worker or by this process's (see
            // store-connection.ts); the command follows it to its end.
            outcome = await connection.call('import.start', {
              spaceId,
              user: options.user,
              location,
              ...(source === undefined ? {} : { source }),
              ...(file === undefined ? {} : { file }),
            });
            while (outcome.import.status === 'pending' || outcome.import.status === 'running') {
              await new Promise((resolve) => setTimeout(resolve, POLL_MS));
              const current = await connection.call('import.progress', { importId: outcome.import.id });
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
          }
          if (outcome.import.status === 'failed')
            throw new CliError(`The import failed: ${outcome.import.error ?? 'no reason given'}`);
          if (options.json) {
            run.out(`${JSON.stringify(outcome)}\n`);
            return;
          }
          run.out(
            `Imported ${outcome.importedResources} of ${outcome.totalResources} resources into space ${spaceId}: ` +
              `revision ${outcome.revision}.\n`,
          );
        }),
    );
}
