import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { type InviteLink, InviteLinkSchema, presentInviteLink } from '../invite-link-schema';
import { InviteIdParam, OrganizationIdParam } from './params';

/** Admins only, as for the list. */
export const getInviteLink = operation({
  name: 'orgs.inviteLinks.get',
  kind: 'query',
  summary: 'Get an invite link of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, inviteId: InviteIdParam }),
  output: InviteLinkSchema,
  async run(ctx, input): Promise<InviteLink> {
    const { member } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const link = await ctx.repos.inviteLinks.findById(input.organizationId, input.inviteId);
    if (!link) throw notFound('Invite link');
    return presentInviteLink(ctx.urls, link, member);
  },
});
