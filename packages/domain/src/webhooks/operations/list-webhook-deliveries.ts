import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { authorizeWebhooks } from '../../policies/webhook-policy';
import { presentWebhookDelivery, type WebhookDelivery, WebhookDeliverySchema } from '../webhook-schema';
import { findEndpoint } from './find-endpoint';
import { OrganizationIdParam, WebhookIdParam } from './params';

/** An endpoint's delivery log, newest first (admins): status, attempts, answers and durations. */
export const listWebhookDeliveries = operation({
  name: 'orgs.webhooks.deliveries.list',
  kind: 'query',
  summary: 'List the deliveries of a webhook endpoint',
  input: z.strictObject({ organizationId: OrganizationIdParam, webhookId: WebhookIdParam, ...pagingShape }),
  output: pageSchemaOf(WebhookDeliverySchema),
  async run(ctx, input): Promise<Page<WebhookDelivery>> {
    const { organization } = await authorizeWebhooks(ctx, input.organizationId, 'view');
    const endpoint = await findEndpoint(ctx, organization.id, input.webhookId);
    const [slice, count] = await Promise.all([
      ctx.repos.webhookDeliveries.list(endpoint.id, pageRequest(input)),
      ctx.repos.webhookDeliveries.count(endpoint.id),
    ]);
    return toPage(slice, count, presentWebhookDelivery);
  },
});
