/** The `quire` command line: its commands, built fresh for each run (and for tests). */
import { Command } from 'commander';
import serverPackage from '../../package.json' with { type: 'json' };
import { reportCliError } from './cli-error';
import { registerImportCommand } from './commands/import';
import { registerJobsCommands } from './commands/jobs';
import { registerSeedCommand } from './commands/seed';
import { registerSetupCommand } from './commands/setup';
import { registerTokensCommands } from './commands/tokens';
import { registerUsersCommands } from './commands/users';
import { registerWorkerCommand } from './commands/worker';

export function buildProgram(): Command {
  const program = new Command('quire')
    .description('Quire, a self-hostable documentation server')
    .version(serverPackage.version, '-V, --version', 'print the version of Quire')
    .showHelpAfterError()
    .addHelpText(
      'after',
      [
        '',
        'Configuration comes from the environment, for every command: PORT, QUIRE_DATA_DIR,',
        'MONGODB_URI, QUIRE_PUBLIC_URL, QUIRE_APP_URL, LOG_LEVEL, QUIRE_BOOTSTRAP_TOKEN, ...',
        'Commands other than serve open the store directly. The embedded engine allows one process',
        'at a time: stop the server first, or use the /admin HTTP API of the running server.',
      ].join('\n'),
    );

  program
    .command('serve')
    .description('Start the server (REST /v1 and /admin, GraphQL, tRPC)')
    .action(() =>
      import('./commands/serve')
        .then(({ serve }) => serve())
        .catch((error: unknown) => {
          // A half-started server may hold the store open: end the process rather than hang.
          reportCliError(error);
          process.exit(1);
        }),
    );

  registerSetupCommand(program);
  registerSeedCommand(program);
  registerImportCommand(program);
  registerUsersCommands(program);
  registerTokensCommands(program);
  registerWorkerCommand(program);
  registerJobsCommands(program);
  return program;
}
