/** `quire users create|list|set-password`: manage the users of the instance. */
import type { Command } from 'commander';
import type { CliRun } from '../cli-run';
import { connectFor } from '../command-connection';
import { printTable } from '../print-table';
import { readPassword } from '../read-password';

export function registerUsersCommands(program: Command, run: CliRun): void {
  const users = program.command('users').description('Manage the users of the instance');

  users
    .command('create')
    .description('Create a user (then issue them a token with `quire tokens issue`)')
    .requiredOption('--email <email>', 'email address, unique on the instance')
    .requiredOption('--name <name>', 'display name')
    .option('--admin', 'make the user an instance administrator')
    .action((options: { email: string; name: string; admin?: boolean }, command: Command) =>
      connectFor(run, command, async (connection) => {
        const user = await connection.call('users.create', {
          displayName: options.name,
          email: options.email,
          isInstanceAdmin: options.admin ?? false,
        });
        run.out(
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
    .action((reference: string, _options: unknown, command: Command) =>
      // The password is read before the store is opened: the embedded store's lock is not
      // held while someone types.
      readPassword(run.stdin, run.err).then((password) =>
        connectFor(run, command, async (connection) => {
          const { user, sessionsRevoked } = await connection.call('users.setPassword', {
            user: reference,
            password,
          });
          const signedOut = sessionsRevoked === 1 ? '1 browser' : `${sessionsRevoked} browsers`;
          run.out(`Set the password of ${user.displayName} <${user.email}>; signed out of ${signedOut}.\n`);
        }),
      ),
    );

  users
    .command('list')
    .description('List every user, oldest first')
    .option('--json', 'print the users as JSON lines')
    .action((options: { json?: boolean }, command: Command) =>
      connectFor(run, command, async (connection) => {
        const all = await connection.call('users.list', {});
        if (options.json) {
          for (const user of all) run.out(`${JSON.stringify(user)}\n`);
          return;
        }
        printTable(
          run.out,
          ['ID', 'EMAIL', 'NAME', 'ADMIN', 'CREATED'],
          all.map((u) => [u.id, u.email, u.displayName, u.isInstanceAdmin ? 'yes' : 'no', u.createdAt]),
        );
      }),
    );
}
