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
  noteAccessChange,
  noteChangeForRenderers,
  noteOperationForWebhooks,
  OPERATIONS_WITH_EVENTS,
  runAudited,
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
  await access.charge(op.access, op.spends);
  try {
    if (!(op.kind === 'mutation' && MAKES_WEBHOOK_EVENTS.has(op.name))) {
      // Reads, and changes that make no webhook event (the URL lookup): no outbox to keep and
      // nothing to dispatch, so none of their promises and answer objects on every request.
      const output = await runAudited(op, access.ctx, input, access.origin ?? {});
      const answer = isStreamedList(output) && !options.stream ? await allItems(output) : output;
      if (op.kind === 'mutation') {
        void noteChangeForRenderers(access.ctx, input);
        // Before the answer: the shared pages stop taking what a person who lost access sends next.
        await noteAccessChange(access.ctx, op.name, input);
      }
      return answer;
    }
    // The audit event keeps the id of the webhook event the change makes (its outbox), so a
    // process killed before the dispatch below leaves the event to the recovery sweep.
    const run = await runWithWebhookOutbox(op, access.ctx, input, access.origin ?? {});
    let output = run.output;
    if (isStreamedList(output) && !options.stream) output = await allItems(output);
    // What a docs renderer keeps of what the change named is stale now (nothing to do when
    // no renderer is configured); not awaited: the answer does not wait for it.
    void noteChangeForRenderers(access.ctx, input);
    // Before the answer: the shared pages stop taking what a person who lost access sends next.
    await noteAccessChange(access.ctx, op.name, input);
    // The organization's webhooks get the event the change makes (when one subscribed), stored
    // before the answer so one client's successive changes are delivered in their order. The
    // change is made whatever happens to its deliveries.
    await noteOperationForWebhooks(access.ctx, op.name, input, output, run.webhookEventId).catch(() => {});
    return output;
  } catch (error) {
    throw storeRefusalOf(error) ?? error;
  }
}

/** The mutations that make a webhook event (the webhooks' own table); the others make none. */
const MAKES_WEBHOOK_EVENTS: ReadonlySet<string> = new Set(OPERATIONS_WITH_EVENTS);

async function allItems(items: AsyncIterable<unknown>): Promise<unknown[]> {
  const all: unknown[] = [];
  for await (const item of items) all.push(item);
  return all;
}
