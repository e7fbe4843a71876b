import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { isDomainError } from '../../core/errors';
import { operation } from '../../core/operation';
import { type RoleOrGuest, RoleOrGuestSchema } from '../../core/schemas';
import type { UserRecord } from '../../identity';
import { createUser, EmailSchema } from '../../identity';
import { authorizeOrganization } from '../../policies/organization-policy';
import { addOrganizationMember } from '../add-member';
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
    users: z.array(z.string()).describe('Ids of the users of the addresses, in the order given'),
    invited: z.number().int().min(0).describe('Number of people who became members'),
  })
  .meta({ id: 'InvitedUsers', description: 'The outcome of inviting people to an organization' });

/** The display name of a user created by an invite: the part of the address before the @. */
const displayNameFor = (email: string): string => (email.split('@')[0] || email).slice(0, 64);

/** The user with this address, created when there is none (a concurrent creation wins the unique email). */
async function userForEmail(ctx: OperationContext, email: string): Promise<UserRecord> {
  const existing = await ctx.repos.users.findByEmail(email);
  if (existing) return existing;
  try {
    return await createUser(ctx, { displayName: displayNameFor(email), email, isInstanceAdmin: false });
  } catch (error) {
    const raced =
      isDomainError(error) && error.code === 'conflict' && (await ctx.repos.users.findByEmail(email));
    if (raced) return raced;
    throw error;
  }
}

/** Makes the user a member; someone who is a member already is left as they are. True when added. */
async function addUnlessMember(
  ctx: OperationContext,
  input: { organizationId: string; user: UserRecord; role: RoleOrGuest; sso: boolean },
): Promise<boolean> {
  if (await ctx.repos.members.find(input.organizationId, input.user.id)) return false;
  try {
    await addOrganizationMember(ctx, input);
    return true;
  } catch (error) {
    if (isDomainError(error) && error.code === 'conflict') return false;
    throw error;
  }
}

/**
 * `POST ORG/invites`: adds people by email address. An address without a user creates one
 * (Quire sends no email: the person signs in with a token an instance administrator
 * issues); people who are members already keep their role.
 */
export const inviteUsers = operation({
  name: 'orgs.invite',
  kind: 'mutation',
  summary: 'Add people to an organization by email address, creating users for unknown addresses (admins)',
  input: InviteUsersInputSchema,
  output: InviteUsersResultSchema,
  async run(ctx, input) {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const defaultRole = input.role === undefined ? organization.defaultRole : input.role;
    // The first mention of an address decides its role.
    const roles = new Map<string, RoleOrGuest>();
    for (const entry of input.emails) {
      const [email, role] = typeof entry === 'string' ? [entry, defaultRole] : [entry.email, entry.role];
      if (!roles.has(email)) roles.set(email, role);
    }
    const users: string[] = [];
    let invited = 0;
    for (const [email, role] of roles) {
      const user = await userForEmail(ctx, email);
      users.push(user.id);
      const added = await addUnlessMember(ctx, {
        organizationId: organization.id,
        user,
        role,
        sso: input.sso ?? false,
      });
      if (added) invited++;
    }
    return { users, invited };
  },
});
