/** A command's connection to the store, with the program's `--verbose` saying which way it went. */
import type { Command } from 'commander';
import type { CliRun } from './cli-run';
import { type CliConnection, withConnection } from './connection/cli-connection';

export const connectFor = <T>(
  run: CliRun,
  command: Command,
  work: (connection: CliConnection) => Promise<T>,
): Promise<T> => withConnection(run, { verbose: Boolean(command.optsWithGlobals().verbose) }, work);
