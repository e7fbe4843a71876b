/**
 * Joining an organization through an invite link from the web app: the person opens the
 * link's URL (`inviteLinkUrl`: `<app>/invite/<organizationId>/<token>`), gives a name, an
 * email and a password, and lands in the organization, signed in.
 */
import { z } from 'zod';
import type { DomainServices } from '../../core/context';
import { forbidden, notFound } from '../../core/errors';
import {
  createUser,
  DisplayNameSchema,
  EmailSchema,
  findUserByPassword,
  PasswordSchema,
  type UserRecord,
} from '../../identity';
import { addOrganizationMember } from '../add-member';

export const JoinThroughInviteLinkInputSchema = z.strictObject({
  /** The secret last segment of the link's URL (`urls.app`), not the link's id. */
  invite: z.string().min(1).max(128).describe("The invite link's token: the last segment of its URL"),
  displayName: DisplayNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});

export type JoinThroughInviteLinkInput = z.output<typeof JoinThroughInviteLinkInputSchema>;

export interface JoinedOrganization {
  user: UserRecord;
  organizationId: string;
}

/**
 * Joins the organization of the invite link whose token is `invite`. Outcomes, in order:
 *
 * 1. No link has this token (never made, or deleted since): 404 'Invite link not found'.
 * 2. The organization's `inviteLinks` setting is off: 403, as for making a link then.
 * 3. The email is already a user's: with that user's password, they join (`displayName` is
 *    theirs already and is ignored); with any other password, or when the user has none
 *    (made by an invitation or an administrator, signing in with tokens), the answer is null,
 *    which the caller reports as every wrong password is: an account is never taken over by
 *    knowing its email, and the answer never tells whether the email is someone's.
 * 4. Otherwise a user is made with the name, email and password (10 to 256 characters), in
 *    one write, so a retry after a failure finds them and goes on at 3.
 * 5. A person who is a member already stays as they are (role kept, a disabled member stays
 *    disabled: a link does not undo an admin's decision); anyone else becomes a member with
 *    the link's role (null: a guest).
 */
export async function joinThroughInviteLink(
  services: DomainServices,
  input: JoinThroughInviteLinkInput,
): Promise<JoinedOrganization | null> {
  const link = await services.repos.inviteLinks.findByToken(input.invite);
  if (!link) throw notFound('Invite link');
  const organization = await services.repos.organizations.findById(link.organizationId);
  if (!organization) throw notFound('Invite link');
  if (!organization.inviteLinks) {
    throw forbidden('Invite links are disabled in this organization: ask one of its admins to invite you');
  }
  const user = (await services.repos.users.findByEmail(input.email))
    ? await findUserByPassword(services, input)
    : await createUser(
        services,
        { displayName: input.displayName, email: input.email },
        { passwordHash: await services.passwords.hash(input.password) },
      );
  if (!user) return null;
  if (!(await services.repos.members.find(organization.id, user.id))) {
    await addOrganizationMember(services, { organizationId: organization.id, user, role: link.role });
  }
  return { user, organizationId: organization.id };
}
