import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeCollection } from '../../../policies/authorize-collection';
import { authorizeCollectionRemoval } from '../../../policies/content-placement';
import { assertInLockedTree, withTreeLocks } from '../../tree-lock';
import { CollectionIdParam } from '../collection-fields';
import { descendantLevels } from '../collection-tree';

/**
 * Deletes a collection with everything in it, as GitBook does: its sub-collections are
 * removed, and the spaces in any of them are deleted the way a space is (restorable for 7
 * days, then purged; a restored space comes back at the top level of the organization).
 * Needs admin on the collection and on everything it holds (the placement rules): an
 * organization admin always may; a member who administers the collection through a grant
 * (to them, to a team, on an ancestor) administers everything below it too; one who
 * administers it through its default level may not delete what restricts its own level.
 * Outcomes: deleting a missing collection succeeds (204); a collection hidden from the
 * caller, 404; not its admin, or not the admin of everything it holds, 403, deleting
 * nothing. Runs under the organization's tree lock (409 'conflict' when it stays busy), so
 * nothing is created or moved into the collection while it goes.
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
    // Refused callers are refused before waiting for the tree.
    const { collection: seen } = await authorizeCollection(ctx, input.collectionId, 'admin');
    const locked = [seen.organizationId];
    return withTreeLocks(ctx, locked, async () => {
      if (!(await ctx.repos.collections.findById(input.collectionId))) return null;
      const { collection } = await authorizeCollection(ctx, input.collectionId, 'admin');
      assertInLockedTree(collection.organizationId, locked);
      const levels = await descendantLevels(ctx, collection.id);
      const collectionIds = [collection.id, ...levels.flat()];
      const [below, spaces] = await Promise.all([
        ctx.repos.collections.findByIds(levels.flat()),
        ctx.repos.spaces.listInParents(collectionIds),
      ]);
      await authorizeCollectionRemoval(ctx, { collections: below, spaces });
      await ctx.repos.spaces.markDeletedInParents(collectionIds, ctx.clock.now().toISOString());
      await ctx.repos.contentGrants.removeForTargets(collectionIds.map((id) => ({ kind: 'collection', id })));
      for (const level of levels.reverse()) await ctx.repos.collections.deleteMany(level);
      await ctx.repos.collections.deleteMany([collection.id]);
      return null;
    });
  },
});
