import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { authorizeWebhooks } from '../../policies/webhook-policy';
import { presentWebhookEndpoint, type WebhookEndpoint, WebhookEndpointSchema } from '../webhook-schema';
import { OrganizationIdParam } from './params';

/** The organization's webhook endpoints, oldest first (admins). Non-members 404, members below admin 403. */
export const listWebhooks = operation({
  name: 'orgs.webhooks.list',
  kind: 'query',
  summary: 'List the webhook endpoints of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, ...pagingShape }),
  output: pageSchemaOf(WebhookEndpointSchema),
  async run(ctx, input): Promise<Page<WebhookEndpoint>> {
    const { organization } = await authorizeWebhooks(ctx, input.organizationId, 'view');
    const [slice, count] = await Promise.all([
      ctx.repos.webhookEndpoints.list(organization.id, pageRequest(input)),
      ctx.repos.webhookEndpoints.count(organization.id),
    ]);
    return toPage(slice, count, (endpoint) => presentWebhookEndpoint(ctx.urls, endpoint));
  },
});
