/** The Member resource (a person's membership of an organization) and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { RoleOrGuestSchema, TimestampSchema } from '../core/schemas';
import { presentUserFields, UserSchema, type UserView, userAsSeen } from '../identity';
import type { MemberRecord } from './records';

export const MemberSchema = z
  .object({
    object: z.literal('member').describe('Always "member"'),
    /** The member is addressed by the id of its user. */
    id: z.string().describe('Id of the member (the id of its user)'),
    role: RoleOrGuestSchema.describe('Role of the member in the organization (null: guest)'),
    user: UserSchema,
    disabled: z.boolean().describe('Whether the membership is disabled'),
    joinedAt: TimestampSchema.describe('When the member joined the organization'),
    lastSeenAt: TimestampSchema.optional().describe('When the member was last active in the organization'),
    sso: z.boolean().describe('Whether the member signs in through the organization single sign-on'),
    spaces: z
      .number()
      .int()
      .min(0)
      .describe('Number of spaces the member was given access to (a role granted to them on the space)'),
    teams: z.number().int().min(0).describe('Number of teams the member belongs to'),
  })
  .meta({ id: 'Member', description: 'A person in an organization, with their role' });

export type Member = z.infer<typeof MemberSchema>;

/**
 * A membership as a Member, its user as the caller sees the organization's people (`view`:
 * `identity/user-view.ts`); its team count is the number of teams it carries, `spaces` the
 * number of spaces granted to the person (see `memberPresenterFor`, which reads them).
 */
export function presentMember(
  urls: PublicUrls,
  member: MemberRecord,
  spaces: number,
  view: UserView,
): Member {
  // The user from the copy the membership keeps, which holds every field the User resource
  // shows. Two literals rather than a spread of `lastSeenAt` (see `presentUserFields`).
  const user = userAsSeen(presentUserFields(urls, member.userId, member.user), view);
  return member.lastSeenAt
    ? {
        object: 'member',
        id: member.userId,
        role: member.role,
        user,
        disabled: member.disabled,
        joinedAt: member.joinedAt,
        lastSeenAt: member.lastSeenAt,
        sso: member.sso,
        spaces,
        teams: member.teamIds.length,
      }
    : {
        object: 'member',
        id: member.userId,
        role: member.role,
        user,
        disabled: member.disabled,
        joinedAt: member.joinedAt,
        sso: member.sso,
        spaces,
        teams: member.teamIds.length,
      };
}
