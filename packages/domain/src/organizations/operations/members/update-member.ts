import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { RoleOrGuestSchema } from '../../../core/schemas';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { changeMemberRole } from '../../member-roles';
import { MemberSchema } from '../../member-schema';
import { presentOneMember } from '../../present-in-batch';
import { OrganizationIdParam, UserIdParam } from '../params';

/**
 * `PATCH ORG/members/{userId}` (admins): sets the role, null making the member a guest.
 * Taking the admin role from the organization's last admin is refused with 409.
 */
export const updateMember = operation({
  name: 'orgs.members.update',
  kind: 'mutation',
  summary: "Change a member's role (admins); the last admin keeps theirs",
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    userId: UserIdParam,
    /** null makes the member a guest. */
    role: RoleOrGuestSchema.optional().describe('New role of the member (null: guest)'),
  }),
  output: MemberSchema,
  async run(ctx, input) {
    await authorizeOrganization(ctx, input.organizationId, 'admin');
    const member =
      input.role === undefined
        ? await ctx.repos.members.find(input.organizationId, input.userId)
        : await changeMemberRole(ctx, {
            organizationId: input.organizationId,
            userId: input.userId,
            role: input.role,
          });
    if (!member) throw notFound('Member');
    return presentOneMember(ctx, member);
  },
});
