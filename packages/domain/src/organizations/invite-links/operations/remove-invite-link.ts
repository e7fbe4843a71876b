import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { InviteIdParam, OrganizationIdParam } from './params';

/** Deletes an invite link (admins only): its URL stops working. Deleting a missing link succeeds. */
export const removeInviteLink = operation({
  name: 'orgs.inviteLinks.remove',
  kind: 'mutation',
  summary: 'Delete an invite link',
  input: z.strictObject({ organizationId: OrganizationIdParam, inviteId: InviteIdParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    await authorizeOrganization(ctx, input.organizationId, 'admin');
    await ctx.repos.inviteLinks.delete(input.organizationId, input.inviteId);
    return null;
  },
});
