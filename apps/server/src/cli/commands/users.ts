/** `quire users create|list`: manage the users of the instance. */
import type { PageRequest, UserRecord } from '@quire/domain';
import type { Command } from 'commander';
import { printTable } from '../print-table';
import { withServices } from '../with-services';

const PAGE = 500;

export function registerUsersCommands(program: Command): void {
  const users = program.command('users').description('Manage the users of the instance');

  users
    .command('create')
    .description('Create a user (then issue them a token with `quire tokens issue`)')
    .requiredOption('--email <email>', 'email address, unique on the instance')
    .requiredOption('--name <name>', 'display name')
    .option('--admin', 'make the user an instance administrator')
    .action((options: { email: string; name: string; admin?: boolean }) =>
      withServices(async ({ services, domain }) => {
        const user = await domain.createUser(services, {
          displayName: options.name,
          email: options.email,
          isInstanceAdmin: options.admin ?? false,
        });
        process.stdout.write(
          `Created user ${user.displayName} <${user.email}> (id ${user.id})` +
            `${user.isInstanceAdmin ? ', an instance administrator' : ''}.\n` +
            `Next: quire tokens issue --user ${user.email}\n`,
        );
      }),
    );

  users
    .command('list')
    .description('List every user, oldest first')
    .option('--json', 'print the users as JSON lines')
    .action((options: { json?: boolean }) =>
      withServices(async ({ services }) => {
        const all: UserRecord[] = [];
        let page: PageRequest = { limit: PAGE };
        for (;;) {
          const slice = await services.repos.users.list(page);
          all.push(...slice.items);
          if (!slice.next) break;
          page = { limit: PAGE, after: slice.next };
        }
        if (options.json) {
          for (const user of all) process.stdout.write(`${JSON.stringify(user)}\n`);
          return;
        }
        printTable(
          ['ID', 'EMAIL', 'NAME', 'ADMIN', 'CREATED'],
          all.map((u) => [u.id, u.email, u.displayName, u.isInstanceAdmin ? 'yes' : 'no', u.createdAt]),
        );
      }),
    );
}
