/**
 * The organization invite link resource (GitBook's `InviteLinkToOrganization`, the variant
 * of `OrganizationInviteLink` for the organization itself), and its presenter. Invite
 * links to a space or a collection wait for spaces and collections.
 */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { RoleOrGuestSchema, roleAtLeast, TimestampSchema, UrlSchema } from '../../core/schemas';
import { organizationLocation } from '../organization-schema';
import type { MemberRecord } from '../records';
import type { InviteLinkRecord } from './records';

export const InviteLinkSchema = z
  .object({
    object: z.literal('invite').describe('Always "invite"'),
    id: z.string().describe('Id of the invite link'),
    role: RoleOrGuestSchema.describe(
      'Role in the organization of whoever joins through the link (null: guest)',
    ),
    /** True when the caller already has everything the link gives. */
    redundant: z.boolean().describe('Whether the caller already has the role the link gives'),
    createdAt: TimestampSchema.describe('When the link was created'),
    urls: z
      .object({
        location: UrlSchema.describe('Location of the invite link in the API'),
        /** Carries the link's secret: whoever has it may join the organization. */
        app: UrlSchema.describe('The invite URL to share: opening it in the app joins the organization'),
      })
      .describe('Absolute URLs of the invite link'),
  })
  .meta({
    id: 'OrganizationInviteLink',
    description: 'A link that lets whoever opens it join an organization',
  });

export type InviteLink = z.infer<typeof InviteLinkSchema>;

export const inviteLinkLocation = (urls: PublicUrls, link: Pick<InviteLinkRecord, 'organizationId' | 'id'>) =>
  `${organizationLocation(urls, link.organizationId)}/link-invites/${link.id}`;

/** The URL that people open to join: the app's invite page with the link's secret. */
export const inviteLinkUrl = (urls: PublicUrls, link: Pick<InviteLinkRecord, 'organizationId' | 'token'>) =>
  `${urls.app}/invite/${link.organizationId}/${link.token}`;

/**
 * A link is redundant for a member whose role already is at least the link's role; a link
 * for guests gives nothing a member lacks.
 */
export const isRedundantFor = (caller: MemberRecord, link: InviteLinkRecord): boolean =>
  link.role === null || roleAtLeast(caller.role, link.role);

export function presentInviteLink(
  urls: PublicUrls,
  link: InviteLinkRecord,
  caller: MemberRecord,
): InviteLink {
  return {
    object: 'invite',
    id: link.id,
    role: link.role,
    redundant: isRedundantFor(caller, link),
    createdAt: link.createdAt,
    urls: { location: inviteLinkLocation(urls, link), app: inviteLinkUrl(urls, link) },
  };
}
