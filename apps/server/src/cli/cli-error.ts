/**
 * How the command line reports failures: one readable line (no stack) for the failures a
 * person can act on, naming the setting to change when there is one; the full error
 * otherwise.
 */
import { type CliRun, processRun } from './cli-run';

/** A failure the command itself diagnosed; its message is the whole story. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

interface StoreLockedShape extends Error {
  dir?: string;
  holderPid?: number;
  holderHostname?: string;
}

/** The first error, among an error and its causes, with this name (errors of lazily loaded modules are found by name). */
function findByName(error: unknown, name: string): Error | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.name === name) return current;
    current = current.cause;
  }
  return undefined;
}

/** One line for each failure of opening the store or listening, naming its setting. */
const STARTUP_FAILURES: Record<string, (error: Error) => string> = {
  StoreLockedError: (error) => {
    const { dir, holderPid, holderHostname } = error as StoreLockedShape;
    const holder =
      holderPid === undefined ? '' : ` (pid ${holderPid}${holderHostname ? ` on ${holderHostname}` : ''})`;
    return (
      `The data directory ${dir ?? ''} (QUIRE_DATA_DIR) is in use by a running Quire server${holder}. ` +
      'Stop the server first, or use the /admin HTTP API of the running server instead.'
    );
  },
  DataDirectoryError: (error) => {
    const { dir, reason } = error as Error & { dir?: string; reason?: string };
    return `cannot use the data directory ${dir ?? ''} (QUIRE_DATA_DIR): ${reason ?? error.message}`;
  },
  CorruptStoreError: (error) => `the data directory (QUIRE_DATA_DIR) holds corrupt data: ${error.message}`,
  MongoConnectionError: (error) => {
    const { hosts, reason } = error as Error & { hosts?: string; reason?: string };
    return `cannot connect to MongoDB at ${hosts ?? ''} (MONGODB_URI): ${reason ?? error.message}`;
  },
  MongoSetupError: (error) => `cannot use MongoDB (MONGODB_URI, MONGODB_DB): ${error.message}`,
  ListenError: (error) => error.message,
};

/** Errors whose message is the whole story: the command's own, a bad setting, a domain refusal. */
const DIAGNOSED = new Set(['CliError', 'ConfigError', 'DomainError']);

/** The message to print for an error, and whether it is worth a stack trace. */
export function describeCliError(error: unknown): { message: string; unexpected: boolean } {
  for (const [name, describe] of Object.entries(STARTUP_FAILURES)) {
    const found = findByName(error, name);
    if (found) return { message: describe(found), unexpected: false };
  }
  // By name, not instanceof: the configuration and the domain are loaded only by the commands
  // that need them (see with-services.ts), not by every run of `quire`.
  if (error instanceof Error && DIAGNOSED.has(error.name))
    return { message: error.message, unexpected: false };
  return {
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    unexpected: true,
  };
}

/** Prints the error and sets a failing exit code (the process ends once the store is closed). */
export function reportCliError(error: unknown, run: Pick<CliRun, 'err' | 'fail'> = processRun()): void {
  const { message, unexpected } = describeCliError(error);
  run.err(`${unexpected ? 'quire: unexpected error: ' : 'quire: '}${message}\n`);
  run.fail(1);
}
