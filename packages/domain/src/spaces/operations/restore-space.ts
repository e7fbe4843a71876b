import { z } from 'zod';
import { authorizeSpace } from '../../access/authorize-space';
import { DomainError, notFound } from '../../errors/domain-error';
import type { OperationContext } from '../../operation/context';
import { operation } from '../../operation/operation';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import type { SpaceRecord } from '../records';
import { restorableSince } from '../restore-window';
import { presentSpace, SpaceSchema } from '../space-schema';
import { visibilityUnder } from './move-space';
import { SpaceIdParam } from './params';

/**
 * A space whose collection was removed meanwhile (removing a collection deletes its spaces)
 * comes back at the top level of its organization, last.
 */
async function outOfRemovedParent(ctx: OperationContext, space: SpaceRecord): Promise<SpaceRecord> {
  if (!space.parentId || (await ctx.repos.collections.findById(space.parentId))) return space;
  const position = await resolveSiblingPosition(ctx, {
    organizationId: space.organizationId,
    parentId: undefined,
    moving: { kind: 'space', id: space.id },
    position: undefined,
  });
  const placement = {
    organizationId: space.organizationId,
    parentId: undefined,
    position,
    visibility: visibilityUnder(space.visibility, undefined),
  };
  return (await ctx.repos.spaces.place(space.id, placement, ctx.clock.now().toISOString())) ?? space;
}

/**
 * Brings back a space deleted within the last 7 days (its admins), where it was: same
 * parent, same position among its siblings (deleted spaces keep their slot). Restoring a
 * space that is not deleted changes nothing and returns it (200), so a retried restore
 * succeeds. Past the window: 410 'restore_window_passed'; once purged: 404.
 */
export const restoreSpace = operation({
  name: 'spaces.restore',
  kind: 'mutation',
  summary: 'Restore a space deleted within the last 7 days',
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: SpaceSchema,
  async run(ctx, input) {
    const { space, permissions } = await authorizeSpace(ctx, input.spaceId, 'admin', {
      includeDeleted: true,
    });
    if (space.deletedAt === undefined) return presentSpace(ctx.urls, space, permissions);
    const now = ctx.clock.now();
    const since = restorableSince(now);
    if (space.deletedAt < since) {
      throw new DomainError(
        'restore_window_passed',
        'The space was deleted more than 7 days ago and can no longer be restored',
      );
    }
    const restored = await ctx.repos.spaces.restore(space.id, since, now.toISOString());
    if (!restored) throw notFound('Space');
    return presentSpace(ctx.urls, await outOfRemovedParent(ctx, restored), permissions);
  },
});
