import { z } from 'zod';
import { authorizeCollection, collectionAccessFor } from '../../access/authorize-collection';
import { DomainError, notFound } from '../../errors/domain-error';
import { operation } from '../../operation/operation';
import { moveTargetShape, requiresParentOrPosition } from '../../positions/content-position-schema';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { ancestorIdsUnder } from '../collection-chain';
import { CollectionIdParam } from '../collection-fields';
import { type Collection, CollectionSchema, presentCollection } from '../collection-schema';
import { isSelfOrAncestor, rewriteDescendantAncestors } from '../collection-tree';

/**
 * Moves a collection under another parent and/or to a position among its siblings (spaces
 * and collections under the same parent). Needs `admin` on the collection and `create` on
 * the new parent. Outcomes: an unknown parent or position reference is not found; the
 * collection itself or one of its sub-collections as the parent cannot be moved (412); a
 * position naming something that is not a sibling (or the collection itself) is an invalid
 * position (400); a move to where the collection already is changes nothing (409).
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
    const { collection } = await authorizeCollection(ctx, input.collectionId, 'admin');
    const parentId = input.parent === undefined ? collection.parentId : (input.parent ?? undefined);
    if (parentId !== undefined && parentId !== collection.parentId) {
      if (await isSelfOrAncestor(ctx, collection.id, parentId)) {
        throw new DomainError(
          'cannot_move',
          'The collection cannot be moved into itself or one of its sub-collections',
        );
      }
      const { collection: parent } = await authorizeCollection(ctx, parentId, 'create');
      if (parent.organizationId !== collection.organizationId) throw notFound('Parent collection');
    }
    const position = await resolveSiblingPosition(ctx, {
      organizationId: collection.organizationId,
      parentId,
      moving: { kind: 'collection', id: collection.id },
      position: input.position,
    });
    if (parentId === collection.parentId && position === collection.position) {
      throw new DomainError('no_change', 'operation would not result in any update');
    }
    let ancestorIds = collection.ancestorIds;
    if (parentId !== collection.parentId) {
      // The sub-collections first, the collection last: a move that stopped half-way has
      // not moved the collection yet, so running it again rewrites every list.
      ancestorIds = await ancestorIdsUnder(ctx, parentId);
      await rewriteDescendantAncestors(ctx, collection.id, ancestorIds);
    }
    const moved = await ctx.repos.collections.place(
      collection.id,
      { organizationId: collection.organizationId, parentId, ancestorIds, position },
      ctx.clock.now().toISOString(),
    );
    if (!moved) throw notFound('Collection');
    // Under a new parent, inherited levels and grants may differ.
    const access = (await collectionAccessFor(ctx, [moved])).get(moved.id);
    if (!access) throw notFound('Collection');
    return presentCollection(ctx.urls, moved, access.permissions);
  },
});
