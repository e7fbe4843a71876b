/** `quire tokens issue|list|revoke`: manage API tokens. */
import type { Command } from 'commander';
import type { CliRun } from '../cli-run';
import { connectFor } from '../command-connection';
import { printTable } from '../print-table';

export function registerTokensCommands(program: Command, run: CliRun): void {
  const tokens = program.command('tokens').description('Manage API tokens');

  tokens
    .command('issue')
    .description('Issue an API token for a user; it is printed only this once')
    .requiredOption('--user <id|email>', 'the user the token authenticates as')
    .option('--name <name>', 'a label to recognise the token by', 'cli')
    .option('--json', 'print the result as JSON')
    .action((options: { user: string; name: string; json?: boolean }, command: Command) =>
      connectFor(run, command, async (connection) => {
        const { token, record, user } = await connection.call('tokens.issue', {
          user: options.user,
          name: options.name,
        });
        if (options.json) {
          run.out(`${JSON.stringify({ token, tokenId: record.id, userId: user.id })}\n`);
          return;
        }
        run.out(
          [
            `Issued token ${record.id} ("${record.name}") for ${user.displayName} <${user.email}>:`,
            `  ${token}`,
            'It is shown only this once: keep it somewhere safe now. Check it with',
            `  curl -H "Authorization: Bearer ${token}" ${connection.publicUrl}/v1/user`,
            '',
          ].join('\n'),
        );
      }),
    );

  tokens
    .command('list')
    .description("List a user's API tokens (never their secrets)")
    .requiredOption('--user <id|email>', 'the user whose tokens to list')
    .option('--json', 'print the tokens as JSON lines (without hashes)')
    .action((options: { user: string; json?: boolean }, command: Command) =>
      connectFor(run, command, async (connection) => {
        const all = await connection.call('tokens.list', { user: options.user });
        if (options.json) {
          for (const token of all) run.out(`${JSON.stringify(token)}\n`);
          return;
        }
        printTable(
          run.out,
          ['ID', 'NAME', 'PREVIEW', 'CREATED', 'LAST USED', 'REVOKED'],
          all.map((t) => [t.id, t.name, `${t.preview}…`, t.createdAt, t.lastUsedAt, t.revokedAt]),
        );
      }),
    );

  tokens
    .command('revoke')
    .description('Revoke an API token by its id (see `quire tokens list`)')
    .argument('<tokenId>', 'id of the token (not the token itself)')
    .action((tokenId: string, _options: unknown, command: Command) =>
      connectFor(run, command, async (connection) => {
        const revoked = await connection.call('tokens.revoke', { tokenId });
        run.out(`Token ${revoked.id} ("${revoked.name}") is revoked since ${revoked.revokedAt}.\n`);
      }),
    );
}
