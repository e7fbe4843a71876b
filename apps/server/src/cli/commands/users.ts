/** `quire users create|list|set-password`: manage the users of the instance. */
import type { PageRequest, UserRecord } from '@quire/domain';
import type { Command } from 'commander';
import { findUserByReference } from '../find-user-by-reference';
import { printTable } from '../print-table';
import { readPassword } from '../read-password';
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
    .command('set-password')
    .description(
      'Set the password a user signs in to the web app with (10 to 256 characters), read from ' +
        'standard input when piped, else typed twice without echo; it signs them out of every browser',
    )
    .argument('<email>', 'the user, by email address (or id)')
    .addHelpText('after', '\nExample:\n  printf %s "$PASSWORD" | quire users set-password ada@example.com\n')
    .action((reference: string) =>
      // The password is read before the store is opened: the embedded store's lock is not
      // held while someone types.
      readPassword().then((password) =>
        withServices(async ({ services, domain }) => {
          const user = await findUserByReference(services, reference);
          const { sessionsRevoked } = await domain.setUserPassword(services, { userId: user.id, password });
          const signedOut = sessionsRevoked === 1 ? '1 browser' : `${sessionsRevoked} browsers`;
          process.stdout.write(
            `Set the password of ${user.displayName} <${user.email}>; signed out of ${signedOut}.\n`,
          );
        }),
      ),
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
