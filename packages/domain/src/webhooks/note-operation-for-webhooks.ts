/**
 * What the faces call after a mutation succeeds (`runOperation`): the event the operation
 * makes, if any (`events-of-operations.ts`), dispatched to the organization's endpoints before
 * the answer is sent, so the deliveries of one client's successive changes are stored in the
 * order it made them. Never throws: the change is made whatever happens to its webhooks (the
 * failure is the caller's to log).
 */
import type { OperationContext } from '../core/context';
import { dispatchWebhookEvent, newWebhookEvent } from './dispatch-webhook-event';
import { webhookEventOfOperation } from './events-of-operations';

export async function noteOperationForWebhooks(
  ctx: OperationContext,
  operationName: string,
  input: unknown,
  output: unknown,
): Promise<void> {
  const described = webhookEventOfOperation(operationName, input, output);
  if (described === null) return;
  const organizationId =
    described.organizationId ??
    (described.spaceId === undefined
      ? undefined
      : (await ctx.repos.spaces.findById(described.spaceId))?.organizationId);
  if (organizationId === undefined) return;
  const actor = ctx.caller ? { id: ctx.caller.userId } : null;
  const event = newWebhookEvent(ctx, described.type, organizationId, { ...described.data, actor });
  await dispatchWebhookEvent(ctx, { event, resourceKey: described.resourceKey });
}
