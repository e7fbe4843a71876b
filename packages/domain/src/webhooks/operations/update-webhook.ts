import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeWebhooks } from '../../policies/webhook-policy';
import { WebhookDescriptionSchema, WebhookEventsSchema, WebhookUrlSchema } from '../webhook-fields';
import { presentWebhookEndpoint, type WebhookEndpoint, WebhookEndpointSchema } from '../webhook-schema';
import { assertDeliverableUrl, findEndpoint } from './find-endpoint';
import { OrganizationIdParam, WebhookIdParam } from './params';

/**
 * Changes an endpoint (admins): its URL (the outbound rules again, 400 naming `url`), events,
 * description, and `active`: turning it on clears its failures (and why it was off), turning
 * it off stops its deliveries (those pending fail at their next attempt).
 */
export const updateWebhook = operation({
  name: 'orgs.webhooks.update',
  kind: 'mutation',
  summary: 'Change a webhook endpoint',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    webhookId: WebhookIdParam,
    url: WebhookUrlSchema.optional(),
    events: WebhookEventsSchema.optional(),
    description: WebhookDescriptionSchema.optional(),
    active: z.boolean().optional().describe('Whether events are sent to it'),
  }),
  output: WebhookEndpointSchema,
  async run(ctx, input): Promise<WebhookEndpoint> {
    const { organization } = await authorizeWebhooks(ctx, input.organizationId, 'manage');
    await findEndpoint(ctx, organization.id, input.webhookId);
    if (input.url !== undefined) assertDeliverableUrl(ctx, input.url);
    const updated = await ctx.repos.webhookEndpoints.update(organization.id, input.webhookId, {
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.events === undefined ? {} : { events: [...new Set(input.events)] }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.active === undefined ? {} : { active: input.active }),
      updatedAt: ctx.clock.now().toISOString(),
    });
    if (updated === null) throw notFound('Webhook endpoint');
    return presentWebhookEndpoint(ctx.urls, updated);
  },
});
