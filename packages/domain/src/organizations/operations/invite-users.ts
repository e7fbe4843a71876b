import { z } from 'zod';
import { operation } from '../../core/operation';
import { type RoleOrGuest, RoleOrGuestSchema } from '../../core/schemas';
import { EmailSchema } from '../../identity';
import { authorizeOrganization } from '../../policies/organization-policy';
import { type Invitation, InvitationSchema } from '../invitations/invitation-schema';
import { freshLink, inviterNameOf, mailInvitation } from '../invitations/send-invitation';
import { OrganizationIdParam } from './params';

/** At most this many addresses per request. */
export const MAX_INVITED_EMAILS = 100;

export const InviteUsersInputSchema = z.strictObject({
  organizationId: OrganizationIdParam,
  /** Addresses alone (they get `role`), or with their own role. */
  emails: z
    .array(
      z.union([
        EmailSchema,
        z.strictObject({
          email: EmailSchema,
          role: RoleOrGuestSchema.describe('Role of this person (null: guest)'),
        }),
      ]),
    )
    .min(1)
    .max(MAX_INVITED_EMAILS)
    .describe(`Email addresses to invite (1 to ${MAX_INVITED_EMAILS}), each alone or with its own role`),
  /** Role of the addresses given without one; default: the organization's `defaultRole`. */
  role: RoleOrGuestSchema.optional().describe(
    "Role of the people invited (default: the organization's defaultRole)",
  ),
  /** Whether the people invited sign in through the organization's single sign-on. */
  sso: z.boolean().optional().describe('Whether the people invited are single sign-on members'),
});

export const InviteUsersResultSchema = z
  .object({
    users: z
      .array(z.string())
      .describe('Ids of the users the addresses already belong to (members or not), in the order given'),
    invited: z.number().int().min(0).describe('Number of people invited: addresses that are not members yet'),
    invitations: z
      .array(InvitationSchema)
      .describe('The invitations made or renewed, each with its link (urls.accept) to copy'),
  })
  .meta({ id: 'InvitedUsers', description: 'The outcome of inviting people to an organization' });

/**
 * `POST ORG/invites`: invites people by email address. An address that is a member's is left
 * as it is (role kept); every other one gets a pending invitation (`invitations/`): a link
 * that works once, for 7 days, mailed to the address (or only logged when no mail server is
 * configured) and shown in the answer to copy. The person becomes a member with the role
 * when they accept it (`acceptInvitation`). Inviting an address again renews its invitation
 * (a new link; the role and SSO given now). The first mention of an address in a request
 * decides its role.
 */
export const inviteUsers = operation({
  name: 'orgs.invite',
  kind: 'mutation',
  summary: 'Invite people to an organization by email address: each gets a link to join (admins)',
  input: InviteUsersInputSchema,
  output: InviteUsersResultSchema,
  async run(ctx, input) {
    const { organization, member } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const defaultRole = input.role === undefined ? organization.defaultRole : input.role;
    const roles = new Map<string, RoleOrGuest>();
    for (const entry of input.emails) {
      const [email, role] = typeof entry === 'string' ? [entry, defaultRole] : [entry.email, entry.role];
      if (!roles.has(email)) roles.set(email, role);
    }
    const inviterName = await inviterNameOf(ctx, member.userId);
    const users: string[] = [];
    const invitations: Invitation[] = [];
    for (const [email, role] of roles) {
      const user = await ctx.repos.users.findByEmail(email);
      if (user) users.push(user.id);
      if (user && (await ctx.repos.members.find(organization.id, user.id))) continue;
      const link = freshLink(ctx);
      const stored = await ctx.repos.invitations.upsert({
        id: ctx.ids.newId(),
        organizationId: organization.id,
        email,
        role,
        sso: input.sso ?? false,
        tokenHash: link.tokenHash,
        invitedBy: member.userId,
        createdAt: link.sentAt,
        sentAt: link.sentAt,
        expiresAt: link.expiresAt,
      });
      invitations.push(await mailInvitation(ctx, organization, stored, link.token, inviterName));
    }
    return { users, invited: invitations.length, invitations };
  },
});
