/**
 * `quire setup`: the first administrator, their API token (printed once), an organization, and
 * a first docs site published in it (`onboarding/welcome-site.ts`).
 */
import type { Command } from 'commander';
import type { CliRun } from '../cli-run';
import { connectFor } from '../command-connection';

interface SetupOptions {
  org: string;
  email: string;
  name: string;
  force?: boolean;
  json?: boolean;
}

export function registerSetupCommand(program: Command, run: CliRun): void {
  program
    .command('setup')
    .description('Create the first administrator, an API token for them (shown once) and an organization')
    .option('--org <title>', 'title of the first organization', 'Quire')
    .option('--email <email>', 'email of the administrator', 'admin@localhost')
    .option('--name <name>', 'display name of the administrator', 'Administrator')
    .option('--force', 'add an administrator even though the instance already has users')
    .option('--json', 'print the result as JSON')
    .action((options: SetupOptions, command: Command) =>
      connectFor(run, command, async (connection) => {
        const result = await connection.call('setup', {
          organizationTitle: options.org,
          email: options.email,
          displayName: options.name,
          force: options.force ?? false,
        });
        if (options.json) {
          const { token, user, organizationId, siteUrl } = result;
          run.out(
            `${JSON.stringify({ token, userId: user.id, email: user.email, organizationId, siteUrl })}\n`,
          );
          return;
        }
        run.out(
          [
            'Quire is set up.',
            `  Administrator: ${result.user.displayName} <${result.user.email}> (id ${result.user.id})`,
            `  Organization:  ${options.org} (id ${result.organizationId})`,
            `  API token:     ${result.token}`,
            result.siteUrl
              ? `  Docs site:     ${result.siteUrl} (published, public: a guide to Quire to edit or delete)`
              : '  Docs site:     not published (see the server log); create one in the web app under Sites',
            '',
            'The token is shown only this once: keep it somewhere safe now.',
            'Next: start the server with `quire serve` (unless it runs already), then check the token with',
            `  curl -H "Authorization: Bearer ${result.token}" ${connection.publicUrl}/v1/user`,
            '',
          ].join('\n'),
        );
      }),
    );
}
