/** `quire seed`: a demo organization to look at, with an API token for each of its people. */
import type { Command } from 'commander';
import type { CliRun } from '../cli-run';
import { connectFor } from '../command-connection';
import { printTable } from '../print-table';

export function registerSeedCommand(program: Command, run: CliRun): void {
  program
    .command('seed')
    .description(
      'Fill the instance with a demo organization (people with each role, teams, collections, spaces, ' +
        'grants) and print an API token for each person; once per instance',
    )
    .option('--json', 'print the result as JSON')
    .action((options: { json?: boolean }, command: Command) =>
      connectFor(run, command, async (connection) => {
        const seeded = await connection.call('seed', {});
        if (options.json) {
          run.out(`${JSON.stringify(seeded)}\n`);
          return;
        }
        const { teams, collections, spaces, grants, pages, changeRequests } = seeded.made;
        run.out(
          `Created the organization "${seeded.title}" (id ${seeded.organizationId}): ${seeded.people.length} ` +
            `people, ${teams} teams, ${collections} collections, ${spaces} spaces, ${grants} grants, ` +
            `${pages} pages, ${changeRequests} open change request${changeRequests === 1 ? '' : 's'}.\n` +
            'Their API tokens (shown only this once):\n\n',
        );
        printTable(
          run.out,
          ['NAME', 'EMAIL', 'ROLE', 'TOKEN'],
          seeded.people.map((person) => [person.name, person.email, person.role ?? 'guest', person.token]),
        );
        const owner = seeded.people[0]!;
        run.out(
          [
            '',
            `${owner.name} owns the organization. Start the server (quire serve) unless it runs already, then open ${connection.publicUrl}/docs,`,
            'choose Authorize and paste a token; or, from a terminal:',
            `  curl -H "Authorization: Bearer ${owner.token}" ${connection.publicUrl}/v1/orgs/${seeded.organizationId}/spaces`,
            '',
          ].join('\n'),
        );
      }),
    );
}
