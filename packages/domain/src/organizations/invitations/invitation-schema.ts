/**
 * The invitation resource (Quire's own: GitBook's document has no pending invitations), and
 * its presenter. Its link (`urls.accept`) carries the secret token, so it is shown only in
 * the answer that made or renewed the token (to copy when no mail server is configured);
 * the store has only the token's hash.
 */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { RoleOrGuestSchema, TimestampSchema, UrlSchema } from '../../core/schemas';
import { organizationLocation } from '../organization-schema';
import type { InvitationRecord } from './records';

export const InvitationSchema = z
  .object({
    object: z.literal('invitation').describe('Always "invitation"'),
    id: z.string().describe('Id of the invitation'),
    email: z.string().describe('Address the invitation was sent to'),
    role: RoleOrGuestSchema.describe('Role the person gets when accepting (null: guest)'),
    sso: z.boolean().describe('Whether the person becomes a single sign-on member'),
    invitedBy: z.string().describe('Id of the admin who sent it last'),
    createdAt: TimestampSchema.describe('When the person was first invited'),
    sentAt: TimestampSchema.describe('When it was last sent'),
    expiresAt: TimestampSchema.describe('When its link stops working'),
    expired: z.boolean().describe('Whether its link has stopped working (send it again for a new one)'),
    urls: z
      .object({
        location: UrlSchema.describe('Location of the invitation in the API'),
        accept: UrlSchema.optional().describe(
          'The link to accept it, carrying its secret: only in the answer that made it or sent it again',
        ),
      })
      .describe('Absolute URLs of the invitation'),
  })
  .meta({ id: 'OrganizationInvitation', description: 'A person invited by email who has not accepted yet' });

export type Invitation = z.infer<typeof InvitationSchema>;

/** The app's screen that accepts an invitation: `<app>/invite/<token>`. */
export const invitationAcceptUrl = (urls: PublicUrls, token: string): string => `${urls.app}/invite/${token}`;

export function presentInvitation(
  urls: PublicUrls,
  invitation: InvitationRecord,
  now: Date,
  token?: string,
): Invitation {
  return {
    object: 'invitation',
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    sso: invitation.sso,
    invitedBy: invitation.invitedBy,
    createdAt: invitation.createdAt,
    sentAt: invitation.sentAt,
    expiresAt: invitation.expiresAt,
    expired: Date.parse(invitation.expiresAt) <= now.getTime(),
    urls: {
      location: `${organizationLocation(urls, invitation.organizationId)}/invitations/${invitation.id}`,
      ...(token === undefined ? {} : { accept: invitationAcceptUrl(urls, token) }),
    },
  };
}
