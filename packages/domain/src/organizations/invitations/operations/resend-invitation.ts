import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { InvitationSchema } from '../invitation-schema';
import { freshLink, inviterNameOf, mailInvitation } from '../send-invitation';
import { InvitationIdParam, OrganizationIdParam } from './params';

/**
 * Sends a pending invitation again (admins only), expired or not: a new link (the old one
 * stops working), valid for another 7 days, mailed, and shown once in the answer
 * (`urls.accept`, to copy). 404 when there is no such pending invitation.
 */
export const resendInvitation = operation({
  name: 'orgs.invitations.resend',
  kind: 'mutation',
  summary: 'Send a pending invitation again, with a new link (admins)',
  input: z.strictObject({ organizationId: OrganizationIdParam, invitationId: InvitationIdParam }),
  output: InvitationSchema,
  async run(ctx, input) {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const link = freshLink(ctx);
    const invitedBy = callerOf(ctx).userId;
    const renewed = await ctx.repos.invitations.renew(organization.id, input.invitationId, {
      tokenHash: link.tokenHash,
      invitedBy,
      sentAt: link.sentAt,
      expiresAt: link.expiresAt,
    });
    if (!renewed) throw notFound('Invitation');
    return mailInvitation(ctx, organization, renewed, link.token, await inviterNameOf(ctx, invitedBy));
  },
});
