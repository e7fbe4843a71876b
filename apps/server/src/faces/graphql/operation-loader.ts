/**
 * Runs the operations of relation fields: the same call asked for by many parents in one
 * tick (fifty spaces of one organization asking for `organization`) runs once, through
 * `runOperation` like every other field, so it costs one rate-limit point and answers
 * them all alike. Nothing is kept past the tick: a later field (after a mutation, say)
 * runs the operation again and sees what changed.
 */
import type { AnyOperation } from '@quire/domain';
import DataLoader from 'dataloader';
import type { RequestAccess } from '../../request-context';
import { runOperation } from '../run-operation';

interface OperationCall {
  op: AnyOperation;
  input: Record<string, unknown>;
}

/** Calls are equal when they name the same operation and the same input (built in one order). */
const callKey = (call: OperationCall): string => JSON.stringify([call.op.name, call.input]);

/** DataLoader hands each load its own settled value; an Error rejects that load alone. */
const asOutcome = (error: unknown): Error =>
  error instanceof Error ? error : new Error('operation failed', { cause: error });

export class OperationLoader {
  readonly #access: RequestAccess;
  /** Built on the first relation field: most requests have none. */
  #loader: DataLoader<OperationCall, unknown> | undefined;

  constructor(access: RequestAccess) {
    this.#access = access;
  }

  run(op: AnyOperation, input: Record<string, unknown>): Promise<unknown> {
    this.#loader ??= operationsLoader(this.#access);
    return this.#loader.load({ op, input });
  }
}

function operationsLoader(access: RequestAccess): DataLoader<OperationCall, unknown> {
  return new DataLoader(
    async (calls) => {
      const runs = new Map<string, Promise<unknown>>();
      return Promise.all(
        calls.map((call) => {
          const key = callKey(call);
          let run = runs.get(key);
          if (!run) {
            run = runOperation(call.op, access, call.input).catch(asOutcome);
            runs.set(key, run);
          }
          return run;
        }),
      );
    },
    { cache: false },
  );
}
