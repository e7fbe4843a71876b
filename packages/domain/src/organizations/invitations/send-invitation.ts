/**
 * Making (or renewing) an invitation's link and mailing it: shared by inviting and by
 * sending again. The token is random, shown once (the answer's `urls.accept`) and mailed;
 * the store has its hash.
 */
import type { OperationContext } from '../../core/context';
import { postMail } from '../../identity';
import type { OrganizationRecord } from '../records';
import { type Invitation, invitationAcceptUrl, presentInvitation } from './invitation-schema';
import type { InvitationRecord } from './records';

/** How long an invitation's link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Bytes of entropy of an invitation's token. */
const TOKEN_BYTES = 32;

export interface FreshLink {
  token: string;
  tokenHash: string;
  sentAt: string;
  expiresAt: string;
}

export function freshLink(ctx: Pick<OperationContext, 'secrets' | 'clock'>): FreshLink {
  const token = ctx.secrets.randomToken(TOKEN_BYTES);
  const now = ctx.clock.now();
  return {
    token,
    tokenHash: ctx.secrets.sha256(token),
    sentAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString(),
  };
}

/** Mails the invitation's link and presents it with the link. */
export async function mailInvitation(
  ctx: OperationContext,
  organization: OrganizationRecord,
  invitation: InvitationRecord,
  token: string,
  inviterName: string,
): Promise<Invitation> {
  await postMail(
    ctx,
    {
      template: 'invitation',
      to: invitation.email,
      organizationTitle: organization.title,
      inviterName,
      role: invitation.role ?? 'guest',
      link: invitationAcceptUrl(ctx.urls, token),
      expiresAt: invitation.expiresAt,
    },
    { organizationId: organization.id, userId: invitation.invitedBy },
  );
  return presentInvitation(ctx.urls, invitation, ctx.clock.now(), token);
}

/** The name the mail gives the inviter: their display name. */
export async function inviterNameOf(ctx: Pick<OperationContext, 'repos'>, userId: string): Promise<string> {
  return (await ctx.repos.users.findById(userId))?.displayName ?? 'An administrator';
}
