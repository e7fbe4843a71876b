/**
 * Runs an operation for a face (`runOperation`) as `runAudited` does, and, for a mutation that
 * makes a webhook event, keeps in its audit event what the event needs to be made again after
 * a crash (`AuditOutboxRecord`): the event's id, decided at the change's first write, and the
 * ids the operation made before it (a create's new resource). The audit event is written in
 * the same store write as the change, so the change's webhook event cannot be lost with the
 * process: the live dispatch after the answer uses that id, and the recovery sweep
 * (`recover-webhook-events.ts`) makes the same event for a change whose deliveries are absent;
 * a delivery's unique key (endpoint and event) makes the two one.
 *
 * A change that is not audited (no person as its caller) gets a new id after it: its event is
 * stored after the change only, as before.
 */
import type { AuditOrigin, AuditOutboxRecord } from '../audit';
import { runAudited } from '../audit';
import type { OperationContext } from '../core/context';
import type { AnyOperation } from '../core/operation';
import { OPERATIONS_WITH_EVENTS } from './events-of-operations';

/** The ids an operation makes before its first write that its audit event keeps. */
export const MAX_MADE_IDS = 8;

const MAKES_EVENTS: ReadonlySet<string> = new Set(OPERATIONS_WITH_EVENTS);

export interface RunWithOutboxResult {
  output: unknown;
  /** The id of the webhook event decided at the change's first write (none: no change was written, or not audited). */
  webhookEventId: string | undefined;
}

export async function runWithWebhookOutbox(
  op: AnyOperation,
  ctx: OperationContext,
  input: unknown,
  origin: AuditOrigin,
): Promise<RunWithOutboxResult> {
  if (op.kind !== 'mutation' || !MAKES_EVENTS.has(op.name))
    return { output: await runAudited(op, ctx, input, origin), webhookEventId: undefined };
  const madeIds: string[] = [];
  let outbox: AuditOutboxRecord | undefined;
  const counted = Object.assign(Object.create(Object.getPrototypeOf(ctx)) as OperationContext, ctx);
  counted.ids = {
    newId() {
      const id = ctx.ids.newId();
      if (outbox === undefined && madeIds.length < MAX_MADE_IDS) madeIds.push(id);
      return id;
    },
  };
  const output = await runAudited(op, counted, input, origin, {
    outbox: () => {
      outbox = { eventId: ctx.ids.newId(), madeIds: [...madeIds] };
      return outbox;
    },
  });
  return { output, webhookEventId: outbox?.eventId };
}
