/**
 * The operations behind the commands that read or change the store. A command parses its
 * arguments, calls operations through a connection (`../connection/cli-connection.ts`) and
 * prints their results; an operation runs wherever the store is open: in the command's own
 * process, or in the running server that holds the embedded store, reached through its
 * command socket. Both run this same code on the same input and hand back the same JSON, so
 * a command prints the same and fails the same either way.
 */
import type { Store } from '@quire/store';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Services } from '../../services';

export interface OperationContext {
  services: Services;
  config: Config;
  store: Store;
  /** The domain's functions (createUser, issueApiToken, setupInstance, ...). */
  domain: typeof import('@quire/domain');
  /**
   * Makes sure a job worker runs while the connection is open: the command's own process
   * starts one (imports are jobs); the server has its own, or workers of its own.
   */
  ensureJobWorker(): Promise<void>;
}

export interface CliOperation<Input, Output> {
  /** What the server checks before running it: the socket's input is not trusted blindly. */
  input: z.ZodType<Input>;
  run(context: OperationContext, input: Input): Promise<Output>;
}

export const defineOperation = <Input, Output>(
  operation: CliOperation<Input, Output>,
): CliOperation<Input, Output> => operation;
