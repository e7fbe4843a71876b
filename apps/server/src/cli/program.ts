/** The `quire` command line: its commands, built fresh for each run (and for tests). */
import { Command } from 'commander';
import { reportCliError } from './cli-error';
import { serve } from './commands/serve';
import { registerSetupCommand } from './commands/setup';
import { registerTokensCommands } from './commands/tokens';
import { registerUsersCommands } from './commands/users';

export function buildProgram(): Command {
  const program = new Command('quire')
    .description(
      'Quire, a self-hostable documentation server.\n' +
        'Configuration comes from the environment: PORT, QUIRE_DATA_DIR, MONGODB_URI, QUIRE_PUBLIC_URL, ...\n' +
        'Commands other than serve open the store directly: with the embedded engine, stop the server first\n' +
        '(or use its /admin HTTP API).',
    )
    .showHelpAfterError();

  program
    .command('serve')
    .description('Start the server (REST /v1 and /admin, GraphQL, tRPC)')
    .action(() =>
      serve().catch((error: unknown) => {
        // A half-started server may hold the store open: end the process rather than hang.
        reportCliError(error);
        process.exit(1);
      }),
    );

  registerSetupCommand(program);
  registerUsersCommands(program);
  registerTokensCommands(program);
  return program;
}
