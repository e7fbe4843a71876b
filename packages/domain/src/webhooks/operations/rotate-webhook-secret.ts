import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeWebhooks } from '../../policies/webhook-policy';
import {
  presentWebhookEndpoint,
  type WebhookEndpointWithSecret,
  WebhookEndpointWithSecretSchema,
} from '../webhook-schema';
import { newWebhookSecret } from '../webhook-signature';
import { findEndpoint } from './find-endpoint';
import { OrganizationIdParam, WebhookIdParam } from './params';

/**
 * Replaces an endpoint's signing secret (admins) and returns the new one, once. Every
 * attempt from then on (retries of older deliveries too) is signed with it: the old secret
 * stops verifying at once.
 */
export const rotateWebhookSecret = operation({
  name: 'orgs.webhooks.rotateSecret',
  kind: 'mutation',
  summary: "Replace a webhook endpoint's signing secret",
  input: z.strictObject({ organizationId: OrganizationIdParam, webhookId: WebhookIdParam }),
  output: WebhookEndpointWithSecretSchema,
  async run(ctx, input): Promise<WebhookEndpointWithSecret> {
    const { organization } = await authorizeWebhooks(ctx, input.organizationId, 'manage');
    await findEndpoint(ctx, organization.id, input.webhookId);
    const secret = newWebhookSecret((bytes) => ctx.secrets.randomToken(bytes));
    const updated = await ctx.repos.webhookEndpoints.update(organization.id, input.webhookId, {
      sealedSecret: ctx.secrets.seal(secret),
      secretEnding: secret.slice(-4),
      updatedAt: ctx.clock.now().toISOString(),
    });
    if (updated === null) throw notFound('Webhook endpoint');
    return { ...presentWebhookEndpoint(ctx.urls, updated), secret };
  },
});
