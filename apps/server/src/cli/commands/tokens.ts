/** `quire tokens issue|list|revoke`: manage API tokens. */
import type { ApiTokenRecord, PageRequest } from '@quire/domain';
import type { Command } from 'commander';
import { CliError } from '../cli-error';
import { findUserByReference } from '../find-user-by-reference';
import { printTable } from '../print-table';
import { withServices } from '../with-services';

const PAGE = 500;

export function registerTokensCommands(program: Command): void {
  const tokens = program.command('tokens').description('Manage API tokens');

  tokens
    .command('issue')
    .description('Issue an API token for a user; it is printed only this once')
    .requiredOption('--user <id|email>', 'the user the token authenticates as')
    .option('--name <name>', 'a label to recognise the token by', 'cli')
    .option('--json', 'print the result as JSON')
    .action((options: { user: string; name: string; json?: boolean }) =>
      withServices(async ({ services, config, domain }) => {
        const user = await findUserByReference(services, options.user);
        const { token, record } = await domain.issueApiToken(services, {
          userId: user.id,
          name: options.name,
        });
        if (options.json) {
          process.stdout.write(`${JSON.stringify({ token, tokenId: record.id, userId: user.id })}\n`);
          return;
        }
        process.stdout.write(
          [
            `Issued token ${record.id} ("${record.name}") for ${user.displayName} <${user.email}>:`,
            `  ${token}`,
            'It is shown only this once: keep it somewhere safe now. Check it with',
            `  curl -H "Authorization: Bearer ${token}" ${config.publicUrl}/v1/user`,
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
    .action((options: { user: string; json?: boolean }) =>
      withServices(async ({ services }) => {
        const user = await findUserByReference(services, options.user);
        const all: ApiTokenRecord[] = [];
        let page: PageRequest = { limit: PAGE };
        for (;;) {
          const slice = await services.repos.apiTokens.listByUser(user.id, page);
          all.push(...slice.items);
          if (!slice.next) break;
          page = { limit: PAGE, after: slice.next };
        }
        if (options.json) {
          for (const { tokenHash: _hash, ...token } of all)
            process.stdout.write(`${JSON.stringify(token)}\n`);
          return;
        }
        printTable(
          ['ID', 'NAME', 'PREVIEW', 'CREATED', 'LAST USED', 'REVOKED'],
          all.map((t) => [t.id, t.name, `${t.preview}…`, t.createdAt, t.lastUsedAt, t.revokedAt]),
        );
      }),
    );

  tokens
    .command('revoke')
    .description('Revoke an API token by its id (see `quire tokens list`)')
    .argument('<tokenId>', 'id of the token (not the token itself)')
    .action((tokenId: string) =>
      withServices(async ({ services }) => {
        const revoked = await services.repos.apiTokens.revoke(tokenId, services.clock.now().toISOString());
        if (!revoked) {
          throw new CliError(
            `No token ${tokenId}: nothing was revoked (give a token's id, not the token; see \`quire tokens list --user <id|email>\`)`,
          );
        }
        process.stdout.write(
          `Token ${revoked.id} ("${revoked.name}") is revoked since ${revoked.revokedAt}.\n`,
        );
      }),
    );
}
