/**
 * Tells an organization's admins that one of its endpoints was disabled after failing too
 * often: a mail to each (sent when mail is configured, else logged as written; sent also to
 * admins who turned notification mail off: this is about the instance's work, not a
 * discussion), and the endpoint itself shows why it is off
 * (`disabledReason: 'failures'`), in the API and the app's Webhooks tab. Quire has no in-app
 * notification of this kind yet (only reviews make notifications).
 */
import type { OperationContext } from '../core/context';
import { postMail } from '../identity';
import { organizationAppUrl } from '../organizations';
import type { WebhookEndpointRecord } from './records';

/** The admins told (the first page of them: an organization has a few). */
const ADMINS_TOLD = 100;

export async function noteEndpointDisabled(
  ctx: OperationContext,
  endpoint: WebhookEndpointRecord,
  failures: number,
): Promise<void> {
  const organization = await ctx.repos.organizations.findById(endpoint.organizationId);
  if (organization === null) return;
  const admins = await ctx.repos.members.list(
    organization.id,
    { role: 'admin', sort: 'joinedAt', order: 'asc' },
    { limit: ADMINS_TOLD },
  );
  const link = `${organizationAppUrl(ctx.urls, organization.id)}/settings#webhooks`;
  for (const admin of admins.items.filter((member) => !member.disabled))
    await postMail(
      ctx,
      {
        template: 'webhook_disabled',
        to: admin.user.email,
        organizationTitle: organization.title,
        endpointUrl: endpoint.url,
        failures,
        link,
      },
      { organizationId: organization.id, userId: admin.userId },
    );
}
