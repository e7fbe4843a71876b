/**
 * Joining an organization through an invite link from the web app: the person opens the
 * link's URL (`inviteLinkUrl`: `<app>/invite/<organizationId>/<token>`) and gives a name, an
 * email and a password. An existing account joins with its password and lands in the
 * organization, signed in; a new address is mailed an invitation first, so that an account
 * is only ever made by someone who reads the address's mail.
 */
import { z } from 'zod';
import type { DomainServices } from '../../core/context';
import { forbidden, notFound } from '../../core/errors';
import {
  DisplayNameSchema,
  EmailSchema,
  findUserByPassword,
  PasswordSchema,
  postMail,
  type UserRecord,
} from '../../identity';
import { addOrganizationMember } from '../add-member';
import { invitationAcceptUrl } from '../invitations/invitation-schema';
import { freshLink, inviterNameOf } from '../invitations/send-invitation';
import type { OrganizationRecord } from '../records';
import type { InviteLinkRecord } from './records';

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

/** A new address's join: an invitation waits in its mail (outcome 4). */
export interface JoinMailed {
  mailedTo: string;
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
 * 4. Otherwise (an address no account has) nothing is made yet: an invitation of the address
 *    with the link's role is mailed (sent by the link's maker), and its acceptance makes the
 *    account (`acceptInvitation`: the name and password are chosen there). An invitation the
 *    address has already (an admin's, or an earlier join's) is left as it is, its role and
 *    link unchanged. An instance that sends no mail (`MailOutbox.delivers`) cannot do this:
 *    403, nothing written (an admin invites the person and passes the link on).
 *    *Decision (twenty-first session):* until then the account was made at
 *    once, with an address no one had shown to be theirs: whoever held a link could take any
 *    address (`ceo@company.com`), appear under it in the member list, receive its
 *    notifications, and leave its owner unable to accept the invitations sent to it.
 * 5. A person who is a member already stays as they are (role kept, a disabled member stays
 *    disabled: a link does not undo an admin's decision); anyone else becomes a member with
 *    the link's role (null: a guest).
 */
export async function joinThroughInviteLink(
  services: DomainServices,
  input: JoinThroughInviteLinkInput,
  /** Called before an invitation is mailed (outcome 4): the caller's limit on such mails. */
  beforeMailing: (email: string) => Promise<void> = async () => {},
): Promise<JoinedOrganization | JoinMailed | null> {
  const link = await services.repos.inviteLinks.findByToken(input.invite);
  if (!link) throw notFound('Invite link');
  const organization = await services.repos.organizations.findById(link.organizationId);
  if (!organization) throw notFound('Invite link');
  if (!organization.inviteLinks) {
    throw forbidden('Invite links are disabled in this organization: ask one of its admins to invite you');
  }
  if (!(await services.repos.users.findByEmail(input.email))) {
    if (!services.mailOutbox.delivers)
      throw forbidden(
        'This instance sends no mail, so a new account cannot join through a link: ask an admin of the organization to invite you',
      );
    await beforeMailing(input.email);
    await mailJoinInvitation(services, link, organization, input.email);
    return { mailedTo: input.email, organizationId: organization.id };
  }
  const user = await findUserByPassword(services, input);
  if (!user) return null;
  if (!(await services.repos.members.find(organization.id, user.id))) {
    await addOrganizationMember(services, { organizationId: organization.id, user, role: link.role });
  }
  return { user, organizationId: organization.id };
}

/** Outcome 4: the address's invitation, made with the link's role unless it has one already. */
async function mailJoinInvitation(
  services: DomainServices,
  link: InviteLinkRecord,
  organization: OrganizationRecord,
  email: string,
): Promise<void> {
  if (await services.repos.invitations.findByEmail(organization.id, email)) return;
  const fresh = freshLink(services);
  const invitation = await services.repos.invitations.upsert({
    id: services.ids.newId(),
    organizationId: organization.id,
    email,
    role: link.role,
    sso: false,
    tokenHash: fresh.tokenHash,
    invitedBy: link.createdBy,
    createdAt: fresh.sentAt,
    sentAt: fresh.sentAt,
    expiresAt: fresh.expiresAt,
  });
  // Two joins of one address at once meet at the unique (organization, address): the one
  // whose token was kept mails it; the other's token is no invitation's, so it mails nothing.
  if (invitation.tokenHash !== fresh.tokenHash) return;
  await postMail(
    services,
    {
      template: 'invitation',
      to: email,
      organizationTitle: organization.title,
      inviterName: await inviterNameOf(services, link.createdBy),
      role: link.role ?? 'guest',
      link: invitationAcceptUrl(services.urls, fresh.token),
      expiresAt: fresh.expiresAt,
    },
    { organizationId: organization.id, userId: link.createdBy },
  );
}
