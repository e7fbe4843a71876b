import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { forbidden } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { RoleOrGuestSchema } from '../../../core/schemas';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { type InviteLink, InviteLinkSchema, presentInviteLink } from '../invite-link-schema';
import type { InviteLinkRecord } from '../records';
import { OrganizationIdParam } from './params';

/** Bytes of entropy of the secret in an invite URL. */
const INVITE_TOKEN_BYTES = 24;

/**
 * Creates an invite link (admins only). The organization's `inviteLinks` setting must be on:
 * it is the switch that lets people join through links at all, so a link made while it is
 * off could not be used. Links made earlier stay listable, editable and deletable.
 */
export const createInviteLink = operation({
  name: 'orgs.inviteLinks.create',
  kind: 'mutation',
  summary: 'Create an invite link to an organization',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    role: RoleOrGuestSchema.describe(
      'Role in the organization of whoever joins through the link (null: guest)',
    ),
  }),
  output: InviteLinkSchema,
  async run(ctx, input): Promise<InviteLink> {
    const { organization, member } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    if (!organization.inviteLinks) {
      throw forbidden(
        'Invite links are disabled in this organization: an admin can turn on its "inviteLinks" setting',
      );
    }
    const link: InviteLinkRecord = {
      id: ctx.ids.newId(),
      organizationId: organization.id,
      role: input.role,
      token: ctx.secrets.randomToken(INVITE_TOKEN_BYTES),
      createdAt: ctx.clock.now().toISOString(),
      createdBy: callerOf(ctx).userId,
    };
    await ctx.repos.inviteLinks.insert(link);
    return presentInviteLink(ctx.urls, link, member);
  },
});
