/**
 * The one way every face runs an operation: charge it to the caller's rate-limit budget,
 * then `executeOperation` (authenticate, validate, run; a mutation with its audit event,
 * written with its first write: `runAudited`), with the store's refusals turned
 * into the domain's 'unavailable' error so that REST, GraphQL and tRPC answer them alike
 * (503 with `Retry-After`, the store's message, never a stack; `store-refusal.ts`).
 */
import {
  type AnyOperation,
  isStreamedList,
  noteChangeForRenderers,
  noteOperationForWebhooks,
  runWithWebhookOutbox,
} from '@quire/domain';
import { storeRefusalOf } from '../http/store-refusal';
import type { RequestAccess } from '../request-context';

export async function runOperation(
  op: AnyOperation,
  access: RequestAccess,
  input: unknown,
  /** The REST face streams a list still being written (`StreamedList`); every other face gets the whole list. */
  options: { stream?: boolean } = {},
): Promise<unknown> {
  await access.charge(op.access);
  try {
    // The audit event keeps the id of the webhook event the change makes (its outbox), so a
    // process killed before the dispatch below leaves the event to the recovery sweep.
    const run = await runWithWebhookOutbox(op, access.ctx, input, access.origin ?? {});
    let output = run.output;
    if (isStreamedList(output) && !options.stream) output = await allItems(output);
    // What a docs renderer keeps of what the change named is stale now (nothing to do when
    // no renderer is configured); not awaited: the answer does not wait for it.
    if (op.kind === 'mutation') void noteChangeForRenderers(access.ctx, input);
    // The organization's webhooks get the event the change makes (most make none), stored
    // before the answer so one client's successive changes are delivered in their order. The
    // change is made whatever happens to its deliveries.
    if (op.kind === 'mutation')
      await noteOperationForWebhooks(access.ctx, op.name, input, output, run.webhookEventId).catch(() => {});
    return output;
  } catch (error) {
    throw storeRefusalOf(error) ?? error;
  }
}

async function allItems(items: AsyncIterable<unknown>): Promise<unknown[]> {
  const all: unknown[] = [];
  for await (const item of items) all.push(item);
  return all;
}
