import { z } from 'zod';
import { authorizeCollection } from '../../access/authorize-collection';
import { operation } from '../../operation/operation';
import { CollectionIdParam } from '../collection-fields';
import { descendantLevels } from '../collection-tree';

/**
 * Deletes a collection with everything in it, as GitBook does: its sub-collections are
 * removed, and the spaces in any of them are deleted the way a space is (restorable for 7
 * days, then purged; a restored space comes back at the top level of the organization).
 * Collection admins only; deleting a missing collection succeeds.
 *
 * Without transactions, the order makes a retry complete a delete that stopped half-way:
 * spaces first, then the grants on the collections, then the sub-collections deepest level
 * first, the collection itself last (until then, everything left is reachable from it).
 */
export const removeCollection = operation({
  name: 'collections.remove',
  kind: 'mutation',
  summary: 'Delete a collection, its sub-collections and their spaces',
  input: z.strictObject({ collectionId: CollectionIdParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const existing = await ctx.repos.collections.findById(input.collectionId);
    if (!existing) return null;
    const { collection } = await authorizeCollection(ctx, input.collectionId, 'admin');
    const levels = await descendantLevels(ctx, collection.id);
    const collectionIds = [collection.id, ...levels.flat()];
    await ctx.repos.spaces.markDeletedInParents(collectionIds, ctx.clock.now().toISOString());
    await ctx.repos.contentGrants.removeForTargets(collectionIds.map((id) => ({ kind: 'collection', id })));
    for (const level of levels.reverse()) await ctx.repos.collections.deleteMany(level);
    await ctx.repos.collections.deleteMany([collection.id]);
    return null;
  },
});
