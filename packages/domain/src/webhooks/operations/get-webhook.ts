import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeWebhooks } from '../../policies/webhook-policy';
import { presentWebhookEndpoint, type WebhookEndpoint, WebhookEndpointSchema } from '../webhook-schema';
import { findEndpoint } from './find-endpoint';
import { OrganizationIdParam, WebhookIdParam } from './params';

/** One webhook endpoint (admins), without its secret; one of another organization or none, 404. */
export const getWebhook = operation({
  name: 'orgs.webhooks.get',
  kind: 'query',
  summary: 'Get a webhook endpoint of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, webhookId: WebhookIdParam }),
  output: WebhookEndpointSchema,
  async run(ctx, input): Promise<WebhookEndpoint> {
    const { organization } = await authorizeWebhooks(ctx, input.organizationId, 'view');
    return presentWebhookEndpoint(ctx.urls, await findEndpoint(ctx, organization.id, input.webhookId));
  },
});
