/**
 * The one way every face runs an operation: `executeOperation` (authenticate, validate,
 * run), with the store's refusals turned into the domain's 'unavailable' error so that REST,
 * GraphQL and tRPC answer them alike (503, the store's message, never a stack).
 */
import { type AnyOperation, DomainError, executeOperation, type OperationContext } from '@quire/domain';
import { isStoreUnavailableError } from '@quire/mongo';

export async function runOperation(
  op: AnyOperation,
  ctx: OperationContext,
  input: unknown,
): Promise<unknown> {
  try {
    return await executeOperation(op, ctx, input);
  } catch (error) {
    if (isStoreUnavailableError(error)) throw new DomainError('unavailable', error.message);
    throw error;
  }
}
