/** `quire spaces list`: every organization's spaces, with their ids (for `quire import`, the API). */
import type { Command } from 'commander';
import type { CliRun } from '../cli-run';
import { connectFor } from '../command-connection';
import { printTable } from '../print-table';

export function registerSpacesCommands(program: Command, run: CliRun): void {
  const spaces = program.command('spaces').description('Show the spaces of the instance');

  spaces
    .command('list')
    .description(
      'List the spaces of every organization (deleted ones left out): organization, space id, title, visibility',
    )
    .option('--org <organizationId>', "only this organization's spaces")
    .option('--json', 'print the spaces as JSON lines')
    .action((options: { org?: string; json?: boolean }, command: Command) =>
      connectFor(run, command, async (connection) => {
        const listed = await connection.call(
          'spaces.list',
          options.org === undefined ? {} : { organizationId: options.org },
        );
        if (options.json) {
          for (const space of listed) run.out(`${JSON.stringify(space)}\n`);
          return;
        }
        printTable(
          run.out,
          ['ORGANIZATION', 'ORGANIZATION ID', 'SPACE ID', 'TITLE', 'VISIBILITY'],
          listed.map((space) => [
            space.organizationTitle,
            space.organizationId,
            space.id,
            space.title,
            space.visibility,
          ]),
        );
      }),
    );
}
