/**
 * The webhook rule set: who may see and change an organization's webhook endpoints and their
 * deliveries, as the least organization role. One table; the guard (`authorizeWebhooks`)
 * reads it, and nothing else checks these rules.
 *
 * 1. Who is not an active member of the organization sees nothing (404: its existence does
 *    not leak).
 * 2. A member below the action's role is refused (403).
 * 3. Both actions are the admins': an endpoint receives every event of the organization it
 *    subscribes to, and its secret signs them.
 */
import type { OperationContext } from '../core/context';
import { forbidden } from '../core/errors';
import { type Role, roleAtLeast } from '../core/schemas';
import { type AuthorizedOrganization, authorizeOrganization } from './organization-policy';

export const WEBHOOK_ACTIONS = ['view', 'manage'] as const;
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];

export const WEBHOOK_RULES: Record<WebhookAction, Role> = {
  // The deliveries' log shows what each event said and what receivers answered.
  view: 'admin',
  // Adding, changing, rotating, testing, redelivering, deleting.
  manage: 'admin',
};

/** The organization, once the caller may take `action` on its webhooks (rules 1 and 2). */
export async function authorizeWebhooks(
  ctx: OperationContext,
  organizationId: string,
  action: WebhookAction,
): Promise<AuthorizedOrganization> {
  const authorized = await authorizeOrganization(ctx, organizationId, 'view');
  if (!roleAtLeast(authorized.member.role, WEBHOOK_RULES[action]))
    throw forbidden(`Your role in this organization does not allow: ${action} webhooks`);
  return authorized;
}
