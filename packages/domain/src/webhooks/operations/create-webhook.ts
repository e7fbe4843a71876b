import { z } from 'zod';
import { conflict } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeWebhooks } from '../../policies/webhook-policy';
import type { WebhookEndpointRecord } from '../records';
import type { WebhookSubscription } from '../webhook-event-types';
import { WebhookDescriptionSchema, WebhookEventsSchema, WebhookUrlSchema } from '../webhook-fields';
import { WEBHOOK_ENDPOINTS_PER_ORGANIZATION } from '../webhook-limits';
import {
  presentWebhookEndpoint,
  type WebhookEndpointWithSecret,
  WebhookEndpointWithSecretSchema,
} from '../webhook-schema';
import { newWebhookSecret } from '../webhook-signature';
import { assertDeliverableUrl } from './find-endpoint';
import { OrganizationIdParam } from './params';

/**
 * Adds a webhook endpoint (admins): 201 with its signing secret, which no other answer
 * carries. A URL the outbound rules refuse (plain http to a host not allowed, a private
 * address), 400 naming `url`; past 100 endpoints, 409. Without `events`, every event; active
 * unless `active: false`. The cap is checked before the write without a lock: racing creates
 * may pass it by a few.
 */
export const createWebhook = operation({
  name: 'orgs.webhooks.create',
  kind: 'mutation',
  summary: 'Add a webhook endpoint to an organization',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    url: WebhookUrlSchema,
    events: WebhookEventsSchema.optional(),
    description: WebhookDescriptionSchema.optional(),
    active: z.boolean().optional().describe('Whether events are sent to it (default true)'),
  }),
  output: WebhookEndpointWithSecretSchema,
  async run(ctx, input): Promise<WebhookEndpointWithSecret> {
    const { organization } = await authorizeWebhooks(ctx, input.organizationId, 'manage');
    assertDeliverableUrl(ctx, input.url);
    if ((await ctx.repos.webhookEndpoints.count(organization.id)) >= WEBHOOK_ENDPOINTS_PER_ORGANIZATION)
      throw conflict(`An organization has at most ${WEBHOOK_ENDPOINTS_PER_ORGANIZATION} webhook endpoints`);
    const secret = newWebhookSecret((bytes) => ctx.secrets.randomToken(bytes));
    const now = ctx.clock.now().toISOString();
    const active = input.active ?? true;
    const endpoint: WebhookEndpointRecord = {
      id: ctx.ids.newId(),
      organizationId: organization.id,
      url: input.url,
      description: input.description ?? '',
      events: [...new Set<WebhookSubscription>(input.events ?? ['*'])],
      sealedSecret: ctx.secrets.seal(secret),
      secretEnding: secret.slice(-4),
      active,
      ...(active ? {} : { disabledReason: 'admin' as const }),
      consecutiveFailures: 0,
      createdBy: ctx.caller?.userId ?? '',
      createdAt: now,
      updatedAt: now,
    };
    await ctx.repos.webhookEndpoints.insert(endpoint);
    return { ...presentWebhookEndpoint(ctx.urls, endpoint), secret };
  },
});
