/**
 * What the faces call after a mutation succeeds (`runOperation`): the event the operation
 * makes, if any (`events-of-operations.ts`), dispatched to the organization's endpoints before
 * the answer is sent, so the deliveries of one client's successive changes are stored in the
 * order it made them. Never throws: the change is made whatever happens to its webhooks (the
 * failure is the caller's to log).
 */
import type { OperationContext } from '../core/context';
import { findChangeRequestOf } from '../policies/authorize-change-request';
import { dispatchWebhookEvent, newWebhookEvent } from './dispatch-webhook-event';
import { webhookEventOfOperation } from './events-of-operations';
import { subscribesTo } from './webhook-event-types';

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
  // Most organizations have no endpoint for most events: nothing more is read for them.
  const endpoints = await ctx.repos.webhookEndpoints.listActive(organizationId);
  if (!endpoints.some((endpoint) => subscribesTo(endpoint.events, described.type))) return;
  let { data, resourceKey } = described;
  if (described.changeRequestRef !== undefined && described.spaceId !== undefined) {
    const changeRequest = await findChangeRequestOf(
      ctx,
      { id: described.spaceId },
      described.changeRequestRef,
    );
    data = {
      ...data,
      changeRequest: { id: changeRequest.id, number: changeRequest.number, subject: changeRequest.subject },
    };
    resourceKey = `change_request:${changeRequest.id}`;
  }
  const actor = ctx.caller ? { id: ctx.caller.userId } : null;
  const event = newWebhookEvent(ctx, described.type, organizationId, { ...data, actor });
  await dispatchWebhookEvent(ctx, { event, resourceKey });
}
