/**
 * How the command line reports failures: one readable line (no stack) for the failures a
 * person can act on, the full error otherwise.
 */
import { ConfigError } from '../config';

/** A failure the command itself diagnosed; its message is the whole story. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** The embedded engine's lock error, found in an error or its causes (it is not exported by name). */
function storeLockOf(error: unknown): (Error & { dir?: string; holderPid?: number }) | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.name === 'StoreLockedError') return current;
    current = current.cause;
  }
  return undefined;
}

/** The message to print for an error, and whether it is worth a stack trace. */
export function describeCliError(error: unknown): { message: string; unexpected: boolean } {
  const lock = storeLockOf(error);
  if (lock) {
    const holder = lock.holderPid === undefined ? '' : ` (pid ${lock.holderPid})`;
    return {
      message:
        `The data directory ${lock.dir ?? ''} is in use by a running Quire server${holder}.\n` +
        'Stop the server first, or use the /admin HTTP API of the running server instead.',
      unexpected: false,
    };
  }
  if (error instanceof ConfigError || error instanceof CliError)
    return { message: error.message, unexpected: false };
  // By name, not instanceof: the domain is loaded lazily (see with-services.ts).
  if (error instanceof Error && error.name === 'DomainError')
    return { message: error.message, unexpected: false };
  return {
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    unexpected: true,
  };
}

/** Prints the error and sets a failing exit code (the process ends once the store is closed). */
export function reportCliError(error: unknown): void {
  const { message, unexpected } = describeCliError(error);
  process.stderr.write(`${unexpected ? 'quire: unexpected error: ' : 'quire: '}${message}\n`);
  process.exitCode = 1;
}
