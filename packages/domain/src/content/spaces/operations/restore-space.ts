import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { DomainError, notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSpace } from '../../../policies/authorize-space';
import { authorizeEntering } from '../../../policies/content-placement';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { assertInLockedTree, withTreeLocks } from '../../tree-lock';
import type { SpaceRecord } from '../records';
import { restorableSince } from '../restore-window';
import { presentSpace, SpaceSchema } from '../space-schema';
import { visibilityUnder } from './move-space';
import { SpaceIdParam } from './params';

/**
 * Whether the collection of a deleted space was removed meanwhile (removing a collection
 * deletes its spaces, which keep their parent): the space then comes back at the top level.
 */
async function parentRemoved(ctx: OperationContext, space: SpaceRecord): Promise<boolean> {
  if (!space.parentId) return false;
  const parent = await ctx.repos.collections.findById(space.parentId);
  return !parent || parent.organizationId !== space.organizationId;
}

/** A restored space out of a removed collection, placed last at the top level of its organization. */
async function toTopLevel(ctx: OperationContext, space: SpaceRecord): Promise<SpaceRecord> {
  const place = { organizationId: space.organizationId, parentId: undefined };
  const position = await resolveSiblingPosition(ctx, {
    ...place,
    moving: { kind: 'space', id: space.id },
    position: undefined,
  });
  const placement = { ...place, position, visibility: visibilityUnder(space.visibility, undefined) };
  return (await ctx.repos.spaces.place(space.id, placement, ctx.clock.now().toISOString())) ?? space;
}

/**
 * Brings back a space deleted within the last 7 days (its admins), where it was: same
 * parent, same position among its siblings (deleted spaces keep their slot). When its
 * collection was removed meanwhile it comes back last at the top level, a new place for it:
 * that needs the placement rules' right to create content there (the organization's
 * `createContent`), else 403 and nothing is restored. Restoring a space that is not deleted
 * changes nothing and returns it (200), so a retried restore succeeds. Past the window: 410
 * 'restore_window_passed'; once purged: 404. Runs under the organization's tree lock (409
 * 'conflict' when it stays busy), so it never brings a space back under a collection that a
 * concurrent delete is removing.
 */
export const restoreSpace = operation({
  name: 'spaces.restore',
  kind: 'mutation',
  summary: 'Restore a space deleted within the last 7 days',
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: SpaceSchema,
  async run(ctx, input) {
    // Refused callers are refused before waiting for the tree.
    const { space: seen } = await authorizeSpace(ctx, input.spaceId, 'admin', { includeDeleted: true });
    const locked = [seen.organizationId];
    return withTreeLocks(ctx, locked, async () => {
      const { space, permissions } = await authorizeSpace(ctx, input.spaceId, 'admin', {
        includeDeleted: true,
      });
      assertInLockedTree(space.organizationId, locked);
      if (space.deletedAt === undefined) return presentSpace(ctx.urls, space, permissions);
      const now = ctx.clock.now();
      const since = restorableSince(now);
      if (space.deletedAt < since) {
        throw new DomainError(
          'restore_window_passed',
          'The space was deleted more than 7 days ago and can no longer be restored',
        );
      }
      const homeless = await parentRemoved(ctx, space);
      if (homeless)
        await authorizeEntering(ctx, 'space', { organizationId: space.organizationId, parentId: undefined });
      const restored = await ctx.repos.spaces.restore(space.id, since, now.toISOString());
      if (!restored) throw notFound('Space');
      return presentSpace(ctx.urls, homeless ? await toTopLevel(ctx, restored) : restored, permissions);
    });
  },
});
