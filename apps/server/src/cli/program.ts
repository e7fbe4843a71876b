/** The `quire` command line: its commands, built fresh for each run (and for tests). */
import { Command } from 'commander';
import serverPackage from '../../package.json' with { type: 'json' };
import { reportCliError } from './cli-error';
import { type CliRun, processRun } from './cli-run';
import { registerBlobsCommands } from './commands/blobs';
import { registerImportCommand } from './commands/import';
import { registerJobsCommands } from './commands/jobs';
import { registerSeedCommand } from './commands/seed';
import { registerSetupCommand } from './commands/setup';
import { registerSpacesCommands } from './commands/spaces';
import { registerTokensCommands } from './commands/tokens';
import { registerUsersCommands } from './commands/users';
import { registerWorkerCommand } from './commands/worker';

export interface ProgramOptions {
  /**
   * Throw commander's own endings (`--help`, a missing option) as a CommanderError instead
   * of ending the process: for runs inside a process that goes on (tests).
   */
  exitOverride?: boolean;
}

export function buildProgram(run: CliRun = processRun(), options: ProgramOptions = {}): Command {
  const program = new Command('quire');
  // Before the commands are added: they copy these settings.
  program.configureOutput({ writeOut: run.out, writeErr: run.err });
  if (options.exitOverride) program.exitOverride();
  program
    .description('Quire, a self-hostable documentation server')
    .version(serverPackage.version, '-V, --version', 'print the version of Quire')
    .option(
      '--verbose',
      'say on stderr how the command reached the store: through the running server, or opened here',
    )
    .showHelpAfterError()
    .addHelpText(
      'after',
      [
        '',
        'Configuration comes from the environment, for every command: PORT, QUIRE_DATA_DIR,',
        'MONGODB_URI, QUIRE_PUBLIC_URL, QUIRE_APP_URL, LOG_LEVEL, QUIRE_BOOTSTRAP_TOKEN, ...',
        'Commands other than serve and worker go through the server when one runs on the data directory',
        '(its command socket, QUIRE_DATA_DIR/run/cli.sock), else open the store themselves: they do and',
        'print the same either way (--verbose says which). From another machine, use the /admin HTTP API.',
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
          reportCliError(error, run);
          process.exit(1);
        }),
    );

  registerSetupCommand(program, run);
  registerSeedCommand(program, run);
  registerImportCommand(program, run);
  registerUsersCommands(program, run);
  registerTokensCommands(program, run);
  registerSpacesCommands(program, run);
  registerWorkerCommand(program);
  registerJobsCommands(program, run);
  registerBlobsCommands(program, run);
  return program;
}
