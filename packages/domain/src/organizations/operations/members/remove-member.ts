import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { forbidden } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { removeOrganizationMember } from '../../member-roles';
import { OrganizationIdParam, UserIdParam } from '../params';

/**
 * `DELETE ORG/members/{userId}`: admins remove anyone, every member may leave; 204 also when
 * the user is not a member. The last admin cannot leave (409).
 */
export const removeMember = operation({
  name: 'orgs.members.remove',
  kind: 'mutation',
  summary: 'Remove a member from an organization (admins), or leave it (anyone)',
  input: z.strictObject({ organizationId: OrganizationIdParam, userId: UserIdParam }),
  output: z.null(),
  async run(ctx, input) {
    const { permissions } = await authorizeOrganization(ctx, input.organizationId, 'view');
    if (input.userId !== callerOf(ctx).userId && !permissions.admin) {
      throw forbidden('Only admins may remove other members');
    }
    await removeOrganizationMember(ctx, { organizationId: input.organizationId, userId: input.userId });
    return null;
  },
});
