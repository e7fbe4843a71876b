import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeWebhooks } from '../../policies/webhook-policy';
import { OrganizationIdParam, WebhookIdParam } from './params';

/**
 * Deletes an endpoint (admins); deleting a missing one succeeds. Its pending deliveries fail
 * at their next attempt; its delivery log stays stored, unreachable (no operation reads the
 * deliveries of an endpoint that is gone).
 */
export const removeWebhook = operation({
  name: 'orgs.webhooks.remove',
  kind: 'mutation',
  summary: 'Delete a webhook endpoint',
  input: z.strictObject({ organizationId: OrganizationIdParam, webhookId: WebhookIdParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const { organization } = await authorizeWebhooks(ctx, input.organizationId, 'manage');
    await ctx.repos.webhookEndpoints.delete(organization.id, input.webhookId);
    return null;
  },
});
