import { callerOf, type OperationContext } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import type { MemberRecord } from '../organizations/records';
import { type AuthorizedOrganization, authorizeOrganization } from './organization-policy';

/**
 * Members see themselves; seeing other members needs `listMembers` (guests do not have it).
 * An organization the caller is not in is not found; a user who is not a member is too.
 */
export async function authorizeMemberView(
  ctx: OperationContext,
  organizationId: string,
  userId: string,
): Promise<AuthorizedOrganization & { target: MemberRecord }> {
  const authorized = await authorizeOrganization(ctx, organizationId, 'view');
  const isSelf = userId === callerOf(ctx).userId;
  if (!isSelf && !authorized.permissions.listMembers) {
    throw forbidden('Your role in this organization does not allow: listMembers');
  }
  const target = isSelf ? authorized.member : await ctx.repos.members.find(organizationId, userId);
  if (!target) throw notFound('Member');
  return { ...authorized, target };
}
