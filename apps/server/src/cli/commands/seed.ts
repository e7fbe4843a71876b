/** `quire seed`: a demo organization to look at, with an API token for each of its people. */
import type { Command } from 'commander';
import { printTable } from '../print-table';
import { withServices } from '../with-services';

export function registerSeedCommand(program: Command): void {
  program
    .command('seed')
    .description(
      'Fill the instance with a demo organization (people with each role, teams, collections, spaces, ' +
        'grants) and print an API token for each person; once per instance',
    )
    .option('--json', 'print the result as JSON')
    .action((options: { json?: boolean }) =>
      withServices(async ({ services, config }) => {
        const { seedDemoOrganization } = await import('../demo-organization');
        const seeded = await seedDemoOrganization(services);
        if (options.json) {
          process.stdout.write(`${JSON.stringify(seeded)}\n`);
          return;
        }
        const { teams, collections, spaces, grants, pages, changeRequests } = seeded.made;
        process.stdout.write(
          `Created the organization "${seeded.title}" (id ${seeded.organizationId}): ${seeded.people.length} ` +
            `people, ${teams} teams, ${collections} collections, ${spaces} spaces, ${grants} grants, ` +
            `${pages} pages, ${changeRequests} open change request${changeRequests === 1 ? '' : 's'}.\n` +
            'Their API tokens (shown only this once):\n\n',
        );
        printTable(
          ['NAME', 'EMAIL', 'ROLE', 'TOKEN'],
          seeded.people.map((person) => [person.name, person.email, person.role ?? 'guest', person.token]),
        );
        const owner = seeded.people[0]!;
        process.stdout.write(
          [
            '',
            `${owner.name} owns the organization. Start the server (quire serve), then open ${config.publicUrl}/docs,`,
            'choose Authorize and paste a token; or, from a terminal:',
            `  curl -H "Authorization: Bearer ${owner.token}" ${config.publicUrl}/v1/orgs/${seeded.organizationId}/spaces`,
            '',
          ].join('\n'),
        );
      }),
    );
}
