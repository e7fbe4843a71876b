import type { OperationContext } from '../../core/context';
import { invalidInput, notFound } from '../../core/errors';
import type { WebhookEndpointRecord } from '../records';

/** The endpoint of the organization, or 404. */
export async function findEndpoint(
  ctx: OperationContext,
  organizationId: string,
  webhookId: string,
): Promise<WebhookEndpointRecord> {
  const endpoint = await ctx.repos.webhookEndpoints.findById(organizationId, webhookId);
  if (endpoint === null) throw notFound('Webhook endpoint');
  return endpoint;
}

/** A URL the outbound rules would refuse is a 400 naming `url` (before anything is written). */
export function assertDeliverableUrl(ctx: OperationContext, url: string): void {
  const refusal = ctx.webhookSender.refusalOf(url);
  if (refusal !== null) throw invalidInput('url', refusal);
}
