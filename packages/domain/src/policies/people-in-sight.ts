/**
 * Which people of an organization a person may see (their name and picture, wherever the
 * server shows people): GitBook's model, where guests are outside collaborators who see the
 * content shared with them and the people of that content, and nothing else of the
 * organization. Read from the tables that already say it:
 *
 * 1. Everyone sees themselves.
 * 2. Who may list the organization's members (`listMembers` of the organization table: every
 *    role, not guests) sees every member, as its member list shows them.
 * 3. A guest sees the people who may view (`view` of the space and collection tables) a space
 *    or a collection the guest may view (`content-shared-with-guest.ts`): the people its
 *    `permissions/aggregate` lists to every viewer of it. A disabled member views nothing,
 *    so no guest sees them this way.
 * 4. A guest sees the people of the teams they are in, as the team's member list shows them
 *    to its members (`view` of the team table).
 * 5. No one else: not an active member (or guest) of the organization sees none of its people.
 *
 * Where a name is written into a space's document (mentions in a comment, a reply, a review's
 * comment, a change request's description, a page), a guest names only the people of rule 3
 * for that one space (`peopleInSight`): everyone who reads the space reads the name, and the
 * space's people are what each of them sees. Who is not in sight is written as the mention's
 * URL, as someone outside the organization is.
 */
import type { SpaceRecord } from '../content/spaces/records';
import { callerOf, type OperationContext } from '../core/context';
import type { MemberRecord } from '../organizations/records';
import { effectiveRolesFor } from './content-access';
import { collectionPermissions, spacePermissions } from './content-policy';
import { contentSharedWithGuest } from './content-shared-with-guest';
import { organizationPermissions } from './organization-policy';
import { loadRolesOnItem, roleOfMember } from './roles-on-item';

/** Whether the writer may see a member of the space's organization. */
export type MemberInSight = (member: MemberRecord) => boolean;

/**
 * The writer's (the caller's) sight in `space` (rules 2 and 3, for that space), loaded when
 * first asked for: the rules are read only when a document mentions someone.
 */
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

/**
 * Whether the holder of `viewer` sees the holder of `person`, two memberships of one
 * organization (rules 1 to 5). Rules 1, 2, 4 and 5 read the memberships alone; rule 3 reads
 * what was shared with the guest, and the person's roles there.
 */
export async function memberInSightOf(
  ctx: OperationContext,
  viewer: MemberRecord,
  person: MemberRecord,
): Promise<boolean> {
  if (viewer.userId === person.userId) return true;
  const permissions = organizationPermissions({ member: viewer });
  if (!permissions.view) return false;
  if (permissions.listMembers) return true;
  if (person.teamIds.some((teamId) => viewer.teamIds.includes(teamId))) return true;
  const shared = await contentSharedWithGuest(ctx, viewer);
  const [spaceRoles, collectionRoles] = await Promise.all([
    effectiveRolesFor(ctx, 'space', shared.spaces, person.userId),
    effectiveRolesFor(ctx, 'collection', shared.collections, person.userId),
  ]);
  return (
    [...spaceRoles.values()].some((role) => spacePermissions(role).view) ||
    [...collectionRoles.values()].some((role) => collectionPermissions(role).view)
  );
}
