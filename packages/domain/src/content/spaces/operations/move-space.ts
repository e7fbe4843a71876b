import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSpace } from '../../../policies/authorize-space';
import { authorizeEntering, authorizeLeaving } from '../../../policies/content-placement';
import { moveTargetShape, requiresParentOrPosition } from '../../positions/content-position-schema';
import { noChange } from '../../positions/no-change';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { assertInLockedTree, withTreeLocks } from '../../tree-lock';
import type { SpaceRecord } from '../records';
import { presentSpace, SpaceSchema } from '../space-schema';
import { SpaceIdParam } from './params';

export const MoveSpaceInputSchema = z
  .strictObject({ spaceId: SpaceIdParam, ...moveTargetShape })
  .refine(...requiresParentOrPosition);

/** 'in-collection' only makes sense inside a collection: a space leaving one becomes private. */
export const visibilityUnder = (
  visibility: SpaceRecord['visibility'],
  parentId: string | undefined,
): SpaceRecord['visibility'] => (visibility === 'in-collection' && !parentId ? 'private' : visibility);

/**
 * Moves a space under another parent of its organization and/or to a position among its
 * siblings. Needs admin on the space; a new parent also needs the placement rules: the
 * right to create content there (`create` on the collection, or the organization's
 * `createContent` for the top level) and the same right where the space leaves from.
 * Outcomes: the space unknown or hidden from the caller, 404; not its admin, 403; a new
 * parent that does not exist, is in another organization or is hidden, 404; no right to
 * create there, or to take content out of the old parent, 403; a position naming the space
 * itself or an item that is not a sibling under the target parent, 400 'invalid_position';
 * an unknown sibling, 404; the space already there (or its own parent given without a
 * position), 409 'no_change'. Runs under the organization's tree lock (409 'conflict' when
 * it stays busy), so it never writes under a collection that a concurrent delete removed.
 */
export const moveSpace = operation({
  name: 'spaces.move',
  kind: 'mutation',
  summary: 'Move a space to another parent collection or position',
  input: MoveSpaceInputSchema,
  output: SpaceSchema,
  async run(ctx, input) {
    // Refused callers are refused before waiting for the tree.
    const { space: seen } = await authorizeSpace(ctx, input.spaceId, 'admin');
    const locked = [seen.organizationId];
    return withTreeLocks(ctx, locked, async () => {
      const { space, permissions } = await authorizeSpace(ctx, input.spaceId, 'admin');
      assertInLockedTree(space.organizationId, locked);
      const parentId = input.parent === undefined ? space.parentId : (input.parent ?? undefined);
      // The same parent without a position: the space stays where it is.
      if (parentId === space.parentId && input.position === undefined) throw noChange();
      if (parentId !== space.parentId) {
        await authorizeEntering(ctx, 'space', { organizationId: space.organizationId, parentId });
        await authorizeLeaving(ctx, 'space', {
          organizationId: space.organizationId,
          parentId: space.parentId,
        });
      }
      const position = await resolveSiblingPosition(ctx, {
        organizationId: space.organizationId,
        parentId,
        moving: { kind: 'space', id: space.id },
        position: input.position,
      });
      if (parentId === space.parentId && position === space.position) throw noChange();
      const moved = await ctx.repos.spaces.place(
        space.id,
        {
          organizationId: space.organizationId,
          parentId,
          position,
          visibility: visibilityUnder(space.visibility, parentId),
        },
        ctx.clock.now().toISOString(),
      );
      if (!moved) throw notFound('Space');
      return presentSpace(ctx.urls, moved, permissions);
    });
  },
});
