/**
 * The spaces and collections a guest may view in their organization: what was shared with
 * them. A guest gets no default level (rule 4 of `effective-role.ts`), so only what a grant
 * to them or to one of their teams reaches counts: the granted items, and what lies below a
 * granted collection. Which of those they may view is still `effectiveRole`'s answer (read
 * by `effectiveRolesFor`), not decided here.
 *
 * A fixed number of reads, whatever the guest was given: their grants (one), the
 * organization's collections (one: organizations hold few, as their lists assume), the
 * granted spaces and the spaces directly in the collections they may view (two), and their
 * roles on both (`effectiveRolesFor`).
 */
import type { CollectionRecord } from '../content/collections/records';
import type { SpaceRecord } from '../content/spaces/records';
import type { DomainServices } from '../core/context';
import type { MemberRecord } from '../organizations/records';
import { effectiveRolesFor } from './content-access';
import { collectionPermissions, spacePermissions } from './content-policy';

export interface SharedContent {
  spaces: SpaceRecord[];
  collections: CollectionRecord[];
}

export async function contentSharedWithGuest(
  ctx: Pick<DomainServices, 'repos'>,
  guest: MemberRecord,
): Promise<SharedContent> {
  const { organizationId, userId } = guest;
  const targets = await ctx.repos.contentGrants.listTargetsGrantedTo(organizationId, [
    { kind: 'user', id: userId },
    ...guest.teamIds.map((id) => ({ kind: 'team' as const, id })),
  ]);
  if (targets.length === 0) return { spaces: [], collections: [] };

  const allCollections = await ctx.repos.collections.listAll(organizationId);
  const collectionRoles = await effectiveRolesFor(ctx, 'collection', allCollections, userId);
  const collections = allCollections.filter(
    (collection) => collectionPermissions(collectionRoles.get(collection.id) ?? null).view,
  );

  const grantedSpaceIds = targets.filter((target) => target.kind === 'space').map((target) => target.id);
  const [granted, inCollections] = await Promise.all([
    grantedSpaceIds.length > 0 ? ctx.repos.spaces.findByIds(grantedSpaceIds) : [],
    collections.length > 0
      ? ctx.repos.spaces.listInParents(collections.map((collection) => collection.id))
      : [],
  ]);
  const candidates = new Map<string, SpaceRecord>();
  for (const space of [...granted, ...inCollections]) {
    if (space.deletedAt === undefined && space.organizationId === organizationId)
      candidates.set(space.id, space);
  }
  const spaceRoles = await effectiveRolesFor(ctx, 'space', [...candidates.values()], userId);
  const spaces = [...candidates.values()].filter(
    (space) => spacePermissions(spaceRoles.get(space.id) ?? null).view,
  );
  return { spaces, collections };
}
