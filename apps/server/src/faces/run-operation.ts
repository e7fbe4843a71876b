/**
 * The one way every face runs an operation: charge it to the caller's rate-limit budget,
 * then `executeOperation` (authenticate, validate, run), with the store's refusals turned
 * into the domain's 'unavailable' error so that REST, GraphQL and tRPC answer them alike
 * (503 with `Retry-After`, the store's message, never a stack; `store-refusal.ts`).
 */
import { type AnyOperation, executeOperation, noteChangeForRenderers } from '@quire/domain';
import { storeRefusalOf } from '../http/store-refusal';
import type { RequestAccess } from '../request-context';

export async function runOperation(
  op: AnyOperation,
  access: RequestAccess,
  input: unknown,
): Promise<unknown> {
  await access.charge(op.access);
  try {
    const output = await executeOperation(op, access.ctx, input);
    // What a docs renderer keeps of what the change named is stale now (nothing to do when
    // no renderer is configured); not awaited: the answer does not wait for it.
    if (op.kind === 'mutation') void noteChangeForRenderers(access.ctx, input);
    return output;
  } catch (error) {
    throw storeRefusalOf(error) ?? error;
  }
}
