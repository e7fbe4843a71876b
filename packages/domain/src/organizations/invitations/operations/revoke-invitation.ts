import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { InvitationIdParam, OrganizationIdParam } from './params';

/**
 * Revokes a pending invitation (admins only): its link stops working at once (a mail already
 * sent carries a dead link). Revoking one that is gone (accepted, revoked) succeeds:
 * `{revoked: false}`.
 */
export const revokeInvitation = operation({
  name: 'orgs.invitations.revoke',
  kind: 'mutation',
  summary: 'Revoke a pending invitation (admins)',
  input: z.strictObject({ organizationId: OrganizationIdParam, invitationId: InvitationIdParam }),
  output: z
    .object({ revoked: z.boolean().describe('Whether a pending invitation was revoked') })
    .meta({ id: 'RevokedInvitation', description: 'The outcome of revoking an invitation' }),
  async run(ctx, input) {
    await authorizeOrganization(ctx, input.organizationId, 'admin');
    return { revoked: await ctx.repos.invitations.delete(input.organizationId, input.invitationId) };
  },
});
