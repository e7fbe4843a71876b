/** The Member resource (a person's membership of an organization) and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { RoleOrGuestSchema, TimestampSchema } from '../core/schemas';
import type { UserRecord } from '../identity';
import { presentUser, UserSchema } from '../identity';
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
 * The member's user from the copy the membership keeps, which holds every field the User
 * resource shows (the rest of the record is never presented).
 */
function userRecordOf(member: MemberRecord): UserRecord {
  return {
    id: member.userId,
    displayName: member.user.displayName,
    email: member.user.email,
    ...(member.user.photoURL ? { photoURL: member.user.photoURL } : {}),
    isInstanceAdmin: false,
    createdAt: member.joinedAt,
  };
}

/**
 * A membership as a Member; its team count is the number of teams it carries, `spaces` the
 * number of spaces granted to the person (see `memberPresenterFor`, which reads them).
 */
export function presentMember(urls: PublicUrls, member: MemberRecord, spaces: number): Member {
  return {
    object: 'member',
    id: member.userId,
    role: member.role,
    user: presentUser(urls, userRecordOf(member)),
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso,
    spaces,
    teams: member.teamIds.length,
  };
}
