import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeWebhooks } from '../../policies/webhook-policy';
import { deliverTo, newWebhookEvent } from '../dispatch-webhook-event';
import { presentWebhookDelivery, type WebhookDelivery, WebhookDeliverySchema } from '../webhook-schema';
import { findEndpoint } from './find-endpoint';
import { OrganizationIdParam, WebhookIdParam } from './params';

/**
 * Sends a `ping` event to one endpoint (admins), active or not, and answers 201 with its
 * delivery, pending: the delivery log says how it went. A ping never disables an endpoint.
 */
export const testWebhook = operation({
  name: 'orgs.webhooks.test',
  kind: 'mutation',
  summary: 'Send a ping event to a webhook endpoint',
  input: z.strictObject({ organizationId: OrganizationIdParam, webhookId: WebhookIdParam }),
  output: WebhookDeliverySchema,
  async run(ctx, input): Promise<WebhookDelivery> {
    const { organization } = await authorizeWebhooks(ctx, input.organizationId, 'manage');
    const endpoint = await findEndpoint(ctx, organization.id, input.webhookId);
    const event = newWebhookEvent(ctx, 'ping', organization.id, {
      webhook: { id: endpoint.id },
      actor: ctx.caller ? { id: ctx.caller.userId } : null,
    });
    const delivery = await deliverTo(ctx, endpoint, { event, resourceKey: `ping:${event.id}` });
    // A new event's key is new: the delivery is always stored.
    return presentWebhookDelivery(delivery!);
  },
});
