/**
 * Whom a person writing in a space may see of its organization's people: whose display names
 * a document they write there (a comment, a reply, a review's comment, a change request's
 * description, a page) is printed with when it mentions them.
 *
 * GitBook's rule, from the two rule tables that already say it:
 * - who may list the organization's members (`listMembers` of the organization table: every
 *   role, not guests) sees all of them, as its member list shows them;
 * - anyone else (a guest) sees the people who may view the space (`view` of the space
 *   table): the people its `permissions/aggregate` lists to every viewer of the space, the
 *   authors of its comments and change requests among them. Not the rest of the
 *   organization: a guest who knows a member's id must not learn their name by mentioning it.
 *
 * Who is not in sight is written as the mention's URL, as someone outside the organization is.
 * Read lazily: the rules are loaded only when a document mentions someone.
 */
import type { SpaceRecord } from '../content/spaces/records';
import { callerOf, type OperationContext } from '../core/context';
import type { MemberRecord } from '../organizations/records';
import { spacePermissions } from './content-policy';
import { organizationPermissions } from './organization-policy';
import { loadRolesOnItem, roleOfMember } from './roles-on-item';

/** Whether the writer may see a member of the space's organization. */
export type MemberInSight = (member: MemberRecord) => boolean;

/** The writer's (the caller's) sight in `space`, loaded when first asked for. */
export function peopleInSight(
  ctx: OperationContext,
  space: Pick<SpaceRecord, 'id' | 'organizationId' | 'parentId' | 'defaultLevel'>,
): () => Promise<MemberInSight> {
  let sight: MemberInSight | undefined;
  return async () => {
    sight ??= await loadSight(ctx, space);
    return sight;
  };
}

async function loadSight(
  ctx: OperationContext,
  space: Pick<SpaceRecord, 'id' | 'organizationId' | 'parentId' | 'defaultLevel'>,
): Promise<MemberInSight> {
  const writer = await ctx.repos.members.find(space.organizationId, callerOf(ctx).userId);
  if (organizationPermissions({ member: writer }).listMembers) return () => true;
  const rules = await loadRolesOnItem(ctx, 'space', space);
  return (member) => spacePermissions(roleOfMember(rules, member)).view;
}
