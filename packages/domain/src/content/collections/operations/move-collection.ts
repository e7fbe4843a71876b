import { z } from 'zod';
import { DomainError, notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeCollection, collectionAccessFor } from '../../../policies/authorize-collection';
import { ancestorIdsUnder } from '../../../policies/collection-chain';
import { authorizeEntering, authorizeLeaving } from '../../../policies/content-placement';
import { moveTargetShape, requiresParentOrPosition } from '../../positions/content-position-schema';
import { noChange } from '../../positions/no-change';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { assertInLockedTree, withTreeLocks } from '../../tree-lock';
import { CollectionIdParam } from '../collection-fields';
import { type Collection, CollectionSchema, presentCollection } from '../collection-schema';
import { isSelfOrAncestor, rewriteDescendantAncestors } from '../collection-tree';

/**
 * Moves a collection under another parent and/or to a position among its siblings (spaces
 * and collections under the same parent). Needs admin on the collection; a new parent also
 * needs the placement rules: the right to create content there (`create` on the parent, or
 * the organization's `createContent` for the top level) and the same right where the
 * collection leaves from. Outcomes: the collection unknown or hidden, 404; not its admin,
 * 403; the collection itself or one of its sub-collections as the parent, 412
 * 'cannot_move'; a parent that does not exist, is in another organization or is hidden, 404;
 * no right to create there, or to take content out of the old parent, 403; a position
 * naming something that is not a sibling (or the collection itself), 400
 * 'invalid_position'; an unknown position reference, 404; a move to where the collection
 * already is, 409 'no_change'. Runs under the organization's tree lock (409 'conflict' when
 * it stays busy), and checks for a cycle under it: concurrent moves cannot close a loop.
 */
export const moveCollection = operation({
  name: 'collections.move',
  kind: 'mutation',
  summary: 'Move a collection to a new parent or position',
  input: z
    .strictObject({ collectionId: CollectionIdParam, ...moveTargetShape })
    .refine(...requiresParentOrPosition),
  output: CollectionSchema,
  async run(ctx, input): Promise<Collection> {
    // Refused callers are refused before waiting for the tree.
    const { collection: seen } = await authorizeCollection(ctx, input.collectionId, 'admin');
    const locked = [seen.organizationId];
    return withTreeLocks(ctx, locked, async () => {
      const { collection } = await authorizeCollection(ctx, input.collectionId, 'admin');
      assertInLockedTree(collection.organizationId, locked);
      const organizationId = collection.organizationId;
      const parentId = input.parent === undefined ? collection.parentId : (input.parent ?? undefined);
      if (parentId !== collection.parentId) {
        if (parentId !== undefined && (await isSelfOrAncestor(ctx, collection.id, parentId))) {
          throw new DomainError(
            'cannot_move',
            'The collection cannot be moved into itself or one of its sub-collections',
          );
        }
        await authorizeEntering(ctx, 'collection', { organizationId, parentId });
        await authorizeLeaving(ctx, 'collection', { organizationId, parentId: collection.parentId });
      }
      const position = await resolveSiblingPosition(ctx, {
        organizationId,
        parentId,
        moving: { kind: 'collection', id: collection.id },
        position: input.position,
      });
      if (parentId === collection.parentId && position === collection.position) throw noChange();
      let ancestorIds = collection.ancestorIds;
      if (parentId !== collection.parentId) {
        // The sub-collections first, the collection last: a move that stopped half-way has
        // not moved the collection yet, so running it again rewrites every list.
        ancestorIds = await ancestorIdsUnder(ctx, parentId);
        await rewriteDescendantAncestors(ctx, collection.id, ancestorIds);
      }
      const moved = await ctx.repos.collections.place(
        collection.id,
        { organizationId, parentId, ancestorIds, position },
        ctx.clock.now().toISOString(),
      );
      if (!moved) throw notFound('Collection');
      // Under a new parent, inherited levels and grants may differ.
      const access = (await collectionAccessFor(ctx, [moved])).get(moved.id);
      if (!access) throw notFound('Collection');
      return presentCollection(ctx.urls, moved, access.permissions);
    });
  },
});
