import { z } from 'zod';
import { conflict, notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeWebhooks } from '../../policies/webhook-policy';
import { deliverTo } from '../dispatch-webhook-event';
import type { WebhookEvent } from '../webhook-event';
import { presentWebhookDelivery, type WebhookDelivery, WebhookDeliverySchema } from '../webhook-schema';
import { findEndpoint } from './find-endpoint';
import { OrganizationIdParam, WebhookDeliveryIdParam, WebhookIdParam } from './params';

/**
 * Sends a delivery's event again (admins): a new delivery (201) with the same body and event
 * id, a new `Quire-Delivery` id, signed anew; it waits behind unfinished deliveries of its
 * resource like any other. An endpoint that is off, 409 (turn it on first); a delivery of
 * another endpoint, 404.
 */
export const redeliverWebhook = operation({
  name: 'orgs.webhooks.deliveries.redeliver',
  kind: 'mutation',
  summary: 'Send a delivery of a webhook endpoint again',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    webhookId: WebhookIdParam,
    deliveryId: WebhookDeliveryIdParam,
  }),
  output: WebhookDeliverySchema,
  async run(ctx, input): Promise<WebhookDelivery> {
    const { organization } = await authorizeWebhooks(ctx, input.organizationId, 'manage');
    const endpoint = await findEndpoint(ctx, organization.id, input.webhookId);
    const original = await ctx.repos.webhookDeliveries.findById(input.deliveryId);
    if (original === null || original.endpointId !== endpoint.id) throw notFound('Webhook delivery');
    if (!endpoint.active && original.eventType !== 'ping') throw conflict('The webhook endpoint is disabled');
    const event = JSON.parse(original.payload) as WebhookEvent;
    const delivery = await deliverTo(ctx, endpoint, { event, resourceKey: original.resourceKey }, original);
    return presentWebhookDelivery(delivery!);
  },
});
