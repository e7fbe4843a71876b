/**
 * Opening and accepting an invitation's link (`<app>/invite/<token>`), before the person has
 * an account or a session: the server's `session.invitation` and `session.acceptInvitation`.
 */
import { z } from 'zod';
import type { DomainServices } from '../../core/context';
import { forbidden, invalidInput, isDomainError } from '../../core/errors';
import { type RoleOrGuest, RoleOrGuestSchema } from '../../core/schemas';
import {
  createUser,
  DisplayNameSchema,
  findUserByPassword,
  PasswordSchema,
  SignInPasswordSchema,
  type UserRecord,
} from '../../identity';
import { addOrganizationMember } from '../add-member';
import type { OrganizationRecord } from '../records';
import type { InvitationRecord } from './records';

const TokenSchema = z
  .string()
  .min(1)
  .max(128)
  .describe("The invitation's token: the last segment of its link");

export const InvitationTokenInputSchema = z.strictObject({ token: TokenSchema });

export const AcceptInvitationInputSchema = z.strictObject({
  token: TokenSchema,
  /** For a new account (ignored when the address has one). */
  displayName: DisplayNameSchema,
  /**
   * A new account's password (10 characters or more, not a common one), or the password of
   * the account the address already has.
   */
  password: SignInPasswordSchema,
});
export type AcceptInvitationInput = z.output<typeof AcceptInvitationInputSchema>;

/** What the accept screen shows before the person says who they are. */
export const InvitationPreviewSchema = z.object({
  organization: z.object({ id: z.string(), title: z.string() }),
  email: z.string(),
  role: RoleOrGuestSchema,
  /** The address has an account already: the person gives its password instead of choosing one. */
  hasAccount: z.boolean(),
  /** The person must sign in through the organization's single sign-on (no password). */
  ssoRequired: z.boolean(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** The one answer to a link that does not work, whatever the reason (unknown, used, revoked, expired). */
const unusableLink = () =>
  invalidInput(
    'token',
    'This invitation is unknown, used, revoked or expired: ask an admin to send it again',
  );

async function pendingInvitation(
  services: DomainServices,
  token: string,
): Promise<{ invitation: InvitationRecord; organization: OrganizationRecord }> {
  const invitation = await services.repos.invitations.findByTokenHash(services.secrets.sha256(token));
  if (!invitation || Date.parse(invitation.expiresAt) <= services.clock.now().getTime()) throw unusableLink();
  const organization = await services.repos.organizations.findById(invitation.organizationId);
  if (!organization) throw unusableLink();
  return { invitation, organization };
}

const ssoRequired = (organization: OrganizationRecord, invitation: InvitationRecord) =>
  organization.sso || invitation.sso;

/** What the link invites to; 400 on `token` when it does not work. */
export async function previewInvitation(services: DomainServices, token: string): Promise<InvitationPreview> {
  const { invitation, organization } = await pendingInvitation(services, token);
  return {
    organization: { id: organization.id, title: organization.title },
    email: invitation.email,
    role: invitation.role,
    hasAccount: (await services.repos.users.findByEmail(invitation.email)) !== null,
    ssoRequired: ssoRequired(organization, invitation),
    expiresAt: invitation.expiresAt,
  };
}

export interface AcceptedInvitation {
  user: UserRecord;
  organizationId: string;
  role: RoleOrGuest;
}

/**
 * Accepts an invitation. Outcomes, in order:
 *
 * 1. The link does not work (unknown token, accepted or revoked already, expired): 400 on `token`.
 * 2. The organization (or the invitation) requires single sign-on and the address has no
 *    account: 403 — no password account is made; the person signs in through the
 *    organization's provider instead (the screen links there), which makes them a member
 *    with the invitation's role (`provisionSsoMember`).
 * 3. The address has an account: with its password, it is that account; with another
 *    password, or an account without one, null (the caller answers as to a wrong password:
 *    an account is never taken over through an invitation). Under single sign-on this is how
 *    an existing account joins: its password proves it is theirs, which the organization's
 *    provider alone could not (its admins also send the invitations); the membership is an
 *    SSO one, so later sign-ins go through the provider.
 * 4. Otherwise an account is made with the name and the password (10 to 256 characters, not
 *    a common one: 400 on `password`), in one write.
 * 5. The person becomes a member with the invitation's role (a member already stays as they
 *    are), then the invitation is deleted, only while it still has this token: of two
 *    acceptances racing, both may reach 5 for the one account (the second one needs its
 *    password at 3), and the link works for no one after.
 *
 * Every step before 5's delete is repeated safely, so a crash anywhere leaves a link that
 * still works (or an invitation already used up, when the crash came after).
 */
export async function acceptInvitation(
  services: DomainServices,
  input: AcceptInvitationInput,
): Promise<AcceptedInvitation | null> {
  const { invitation, organization } = await pendingInvitation(services, input.token);
  const sso = ssoRequired(organization, invitation);
  const existing = await services.repos.users.findByEmail(invitation.email);
  if (sso && !existing)
    throw forbidden(`${organization.title} signs in through single sign-on: use its sign-in button`);
  const user = existing
    ? await findUserByPassword(services, { email: invitation.email, password: input.password })
    : await newAccount(services, invitation.email, input);
  if (!user) return null;
  if (!(await services.repos.members.find(organization.id, user.id))) {
    try {
      await addOrganizationMember(services, {
        organizationId: organization.id,
        user,
        role: invitation.role,
        sso,
      });
    } catch (error) {
      if (!(isDomainError(error) && error.code === 'conflict')) throw error;
    }
  }
  await services.repos.invitations.delete(organization.id, invitation.id, invitation.tokenHash);
  return { user, organizationId: organization.id, role: invitation.role };
}

async function newAccount(
  services: DomainServices,
  email: string,
  input: AcceptInvitationInput,
): Promise<UserRecord> {
  const password = PasswordSchema.safeParse(input.password);
  if (!password.success)
    throw invalidInput('password', password.error.issues[0]?.message ?? 'not a valid password');
  return createUser(
    services,
    { displayName: input.displayName, email },
    { passwordHash: await services.passwords.hash(password.data) },
  );
}
