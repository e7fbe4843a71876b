import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { RoleOrGuestSchema } from '../../../core/schemas';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { type InviteLink, InviteLinkSchema, presentInviteLink } from '../invite-link-schema';
import { InviteIdParam, OrganizationIdParam } from './params';

/** Changes the role an invite link gives (admins only); the link's URL stays the same. */
export const updateInviteLink = operation({
  name: 'orgs.inviteLinks.update',
  kind: 'mutation',
  summary: 'Change the role an invite link gives',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    inviteId: InviteIdParam,
    role: RoleOrGuestSchema.describe(
      'Role in the organization of whoever joins through the link (null: guest)',
    ),
  }),
  output: InviteLinkSchema,
  async run(ctx, input): Promise<InviteLink> {
    const { member } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const link = await ctx.repos.inviteLinks.updateRole(input.organizationId, input.inviteId, input.role);
    if (!link) throw notFound('Invite link');
    return presentInviteLink(ctx.urls, link, member);
  },
});
