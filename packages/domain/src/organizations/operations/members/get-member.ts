import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeMemberView } from '../../../policies/member-access';
import { MemberSchema } from '../../member-schema';
import { presentOneMember } from '../../present-in-batch';
import { OrganizationIdParam, UserIdParam } from '../params';

export const getMember = operation({
  name: 'orgs.members.get',
  kind: 'query',
  summary: 'Get a member of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, userId: UserIdParam }),
  output: MemberSchema,
  async run(ctx, input) {
    const { target } = await authorizeMemberView(ctx, input.organizationId, input.userId);
    return presentOneMember(ctx, target);
  },
});
