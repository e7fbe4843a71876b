/**
 * The guards of the placement rules (`PLACEMENT_RULES` in `policies/content-policy.ts`):
 * what creating, duplicating, moving, transferring and deleting content needs beyond the
 * caller's right on the item itself. Each rule is checked here and nowhere else.
 *
 * Outcomes, the same for every operation: a place the caller cannot see (an organization
 * they are not an active member of; a collection that does not exist, belongs to another
 * organization or is hidden from them) is not found (404); a place they see, without the
 * right, is forbidden (403), or "cannot be moved" (412) for the target of a transfer, as
 * GitBook answers it.
 */
import type { CollectionRecord } from '../content/collections/records';
import type { SpaceRecord } from '../content/spaces/records';
import type { OperationContext } from '../core/context';
import { DomainError, forbidden, notFound } from '../core/errors';
import { collectionAccessFor } from './authorize-collection';
import { spaceAccessFor } from './authorize-space';
import type { ContentKind } from './content-access';
import { PLACEMENT_RULES } from './content-policy';
import { authorizeOrganization } from './organization-policy';

/** Where content sits: a collection of an organization, or its top level (`parentId` undefined). */
export interface ContentPlace {
  organizationId: string;
  parentId: string | undefined;
}

/** How a visible place without the right is refused: 403, or 412 for the target of a transfer. */
export type PlacementRefusal = 'forbidden' | 'cannot_move';

const cannotMove = (kind: ContentKind, reason: string): DomainError =>
  new DomainError('cannot_move', `The ${kind} cannot be moved: ${reason}`);

const refuse = (refusal: PlacementRefusal, kind: ContentKind, reason: string): DomainError =>
  refusal === 'cannot_move' ? cannotMove(kind, `you may not ${reason}`) : forbidden(`You may not ${reason}`);

/**
 * The collection `parentId` of the organization, as the caller may see it: undefined when
 * it does not exist, belongs to another organization or is hidden from the caller.
 */
async function visibleCollection(ctx: OperationContext, organizationId: string, parentId: string) {
  const collection = await ctx.repos.collections.findById(parentId);
  if (!collection || collection.organizationId !== organizationId) return undefined;
  const access = (await collectionAccessFor(ctx, [collection])).get(collection.id);
  return access ? { collection, permissions: access.permissions } : undefined;
}

/**
 * Rule 1: the caller may put a `kind` at `place`. Returns the parent collection (undefined
 * at the top level) as it was read, so the caller writes under what was checked.
 */
export async function authorizeEntering(
  ctx: OperationContext,
  kind: ContentKind,
  place: ContentPlace,
  refusal: PlacementRefusal = 'forbidden',
): Promise<CollectionRecord | undefined> {
  const rule = PLACEMENT_RULES.enter;
  if (place.parentId === undefined) {
    const { permissions } = await authorizeOrganization(ctx, place.organizationId, 'view');
    if (!permissions[rule.topLevel]) {
      throw refuse(refusal, kind, 'create content at the top level of the organization');
    }
    return undefined;
  }
  const parent = await visibleCollection(ctx, place.organizationId, place.parentId);
  if (!parent) throw notFound('Collection');
  if (!parent.permissions[rule.collection]) throw refuse(refusal, kind, 'create content in that collection');
  return parent.collection;
}

/**
 * Rule 2: the caller may take a `kind` out of `place` (a move to another parent). A parent
 * that no longer exists holds nothing to protect: leaving it is allowed, which lets an
 * item left under a missing parent be moved back into the tree.
 */
export async function authorizeLeaving(
  ctx: OperationContext,
  kind: ContentKind,
  place: ContentPlace,
): Promise<void> {
  const rule = PLACEMENT_RULES.leave;
  if (place.parentId === undefined) {
    const { permissions } = await authorizeOrganization(ctx, place.organizationId, 'view');
    if (!permissions[rule.topLevel]) {
      throw forbidden(
        `You may not take content out of the top level of the organization (the ${kind} stays)`,
      );
    }
    return;
  }
  const parent = await ctx.repos.collections.findById(place.parentId);
  if (!parent) return;
  // The caller sees the item, and so its parent's id: a hidden parent is a 403, not a 404.
  const access = (await collectionAccessFor(ctx, [parent])).get(parent.id);
  if (!access?.permissions[rule.collection]) {
    throw forbidden(`You may not take content out of its collection (the ${kind} stays)`);
  }
}

/**
 * Rule 3: the caller may take a `kind` out of its organization (transfer): the organization
 * admin role there, whatever they hold on the item (403 without it).
 */
export async function authorizeTransferOut(
  ctx: OperationContext,
  kind: ContentKind,
  organizationId: string,
): Promise<void> {
  const { permissions } = await authorizeOrganization(ctx, organizationId, 'view');
  if (!permissions[PLACEMENT_RULES.transferOut.organization]) {
    throw forbidden(`Only an organization admin may transfer a ${kind} out of its organization`);
  }
}

/**
 * Rule 4: the caller may bring a `kind` into `place` of another organization: its admin
 * role (404 when not a member, 412 when not an admin) and rule 1 at the place (404 or 412).
 * Returns the parent collection, as `authorizeEntering` does.
 */
export async function authorizeTransferIn(
  ctx: OperationContext,
  kind: ContentKind,
  place: ContentPlace,
): Promise<CollectionRecord | undefined> {
  const { permissions } = await authorizeOrganization(ctx, place.organizationId, 'view');
  if (!permissions[PLACEMENT_RULES.transferIn.organization]) {
    throw cannotMove(kind, 'you are not an admin of the target organization');
  }
  return authorizeEntering(ctx, kind, place, 'cannot_move');
}

/** What a collection holds, as `authorizeCollectionRemoval` checks it. */
export interface CollectionContents {
  /** The collections below it, every level. */
  collections: readonly CollectionRecord[];
  /** The spaces directly in it or in any collection below it. */
  spaces: readonly SpaceRecord[];
}

/**
 * Rule 5: deleting a collection needs `admin` on everything below it (the caller's admin
 * right on the collection itself is checked by the operation's own guard). Deleted spaces
 * are already out of reach and are not asked about. Anything below that the caller may not
 * administer, or cannot even see, makes the whole delete forbidden (403).
 */
export async function authorizeCollectionRemoval(
  ctx: OperationContext,
  contents: CollectionContents,
): Promise<void> {
  const rule = PLACEMENT_RULES.removeCollection;
  const live = contents.spaces.filter((space) => space.deletedAt === undefined);
  const [collections, spaces] = await Promise.all([
    collectionAccessFor(ctx, contents.collections),
    spaceAccessFor(ctx, live),
  ]);
  const everyCollection = contents.collections.every(
    (collection) => collections.get(collection.id)?.permissions[rule.collection],
  );
  const everySpace = live.every((space) => spaces.get(space.id)?.permissions[rule.space]);
  if (!everyCollection || !everySpace) {
    throw forbidden(
      'Deleting a collection needs admin on everything it holds (its spaces and sub-collections), or the organization admin role',
    );
  }
}
