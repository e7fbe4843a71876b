import { z } from 'zod';
import { authorizeSpace } from '../../access/authorize-space';
import { notFound } from '../../errors/domain-error';
import { operation } from '../../operation/operation';
import { authorizeOrganization } from '../../policies/organization-policy';
import { moveTargetShape, requiresParentOrPosition } from '../../positions/content-position-schema';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { noChange } from '../no-change';
import { authorizeParentCollection } from '../parent-collection';
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
 * siblings (its admins; a new parent also needs the right to create content there).
 * Outcomes: a position naming the space itself or an item that is not a sibling under the
 * target parent, 400 'invalid_position'; an unknown parent or sibling, 404; the space
 * already there (or its own parent given without a position), 409 'no_change'.
 */
export const moveSpace = operation({
  name: 'spaces.move',
  kind: 'mutation',
  summary: 'Move a space to another parent collection or position',
  input: MoveSpaceInputSchema,
  output: SpaceSchema,
  async run(ctx, input) {
    const { space, permissions } = await authorizeSpace(ctx, input.spaceId, 'admin');
    const parentId = input.parent === undefined ? space.parentId : (input.parent ?? undefined);
    // The same parent without a position: the space stays where it is.
    if (parentId === space.parentId && input.position === undefined) throw noChange();
    if (parentId !== space.parentId) {
      if (parentId) await authorizeParentCollection(ctx, space.organizationId, parentId);
      else await authorizeOrganization(ctx, space.organizationId, 'createContent');
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
  },
});
