import { z } from 'zod';
import { authorizeCollection, collectionAccessFor } from '../../access/authorize-collection';
import type { ContentTarget } from '../../access/ports';
import { DomainError, notFound } from '../../errors/domain-error';
import { operation } from '../../operation/operation';
import { authorizeOrganization } from '../../policies/organization-policy';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { IdSchema } from '../../schemas/common';
import { CollectionIdParam } from '../collection-fields';
import { type Collection, CollectionSchema, presentCollection } from '../collection-schema';
import { descendantLevels, rewriteDescendantAncestors } from '../collection-tree';

/**
 * Moves a collection, with its sub-collections and all their spaces, to another organization,
 * where it lands last at the top level. Needs `admin` on the collection and the organization
 * admin role in the target organization (a member of it who is not an admin: cannot be moved,
 * 412; not a member: not found). The same organization changes nothing (409). Grants on the
 * moved content are removed: they name people and teams of the organization it leaves.
 *
 * Without transactions, the content moves first and the collection itself last: until then
 * the collection is in its old organization and everything below it is found through parent
 * links (whatever their organization), so a retry completes a transfer that stopped half-way.
 */
export const transferCollection = operation({
  name: 'collections.transfer',
  kind: 'mutation',
  summary: 'Transfer a collection and its content to another organization',
  input: z.strictObject({
    collectionId: CollectionIdParam,
    /** The target organization, where the caller is an admin. */
    organization: IdSchema.describe('Id of the target organization'),
  }),
  output: CollectionSchema,
  async run(ctx, input): Promise<Collection> {
    const { collection } = await authorizeCollection(ctx, input.collectionId, 'admin');
    if (input.organization === collection.organizationId) {
      throw new DomainError('no_change', 'operation would not result in any update');
    }
    const { permissions } = await authorizeOrganization(ctx, input.organization, 'view');
    if (!permissions.admin) {
      throw new DomainError(
        'cannot_move',
        'The collection cannot be moved: you are not an admin of the target organization',
      );
    }
    const now = ctx.clock.now().toISOString();
    const descendants = (await descendantLevels(ctx, collection.id)).flat();
    const collectionIds = [collection.id, ...descendants];
    const spaces = await ctx.repos.spaces.listInParents(collectionIds);
    const targets: ContentTarget[] = [
      ...collectionIds.map((id): ContentTarget => ({ kind: 'collection', id })),
      ...spaces.map((space): ContentTarget => ({ kind: 'space', id: space.id })),
    ];
    await ctx.repos.contentGrants.removeForTargets(targets);
    await ctx.repos.spaces.setOrganizationInParents(collectionIds, input.organization, now);
    await ctx.repos.collections.setOrganization(descendants, input.organization, now);
    // It lands at the top level: what was above it is no ancestor any more.
    await rewriteDescendantAncestors(ctx, collection.id, []);
    const position = await resolveSiblingPosition(ctx, {
      organizationId: input.organization,
      parentId: undefined,
      moving: { kind: 'collection', id: collection.id },
      position: undefined,
    });
    const moved = await ctx.repos.collections.place(
      collection.id,
      { organizationId: input.organization, parentId: undefined, ancestorIds: [], position },
      now,
    );
    if (!moved) throw notFound('Collection');
    const access = (await collectionAccessFor(ctx, [moved])).get(moved.id);
    if (!access) throw notFound('Collection');
    return presentCollection(ctx.urls, moved, access.permissions);
  },
});
