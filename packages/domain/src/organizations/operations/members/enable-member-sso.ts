import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { MemberSchema } from '../../member-schema';
import { presentOneMember } from '../../present-in-batch';
import { OrganizationIdParam, UserIdParam } from '../params';

export const enableMemberSso = operation({
  name: 'orgs.members.enableSso',
  kind: 'mutation',
  summary: 'Make a member sign in through the organization single sign-on (admins)',
  input: z.strictObject({ organizationId: OrganizationIdParam, userId: UserIdParam }),
  output: MemberSchema,
  async run(ctx, input) {
    await authorizeOrganization(ctx, input.organizationId, 'admin');
    const member = await ctx.repos.members.update(input.organizationId, input.userId, { sso: true });
    if (!member) throw notFound('Member');
    return presentOneMember(ctx, member);
  },
});
