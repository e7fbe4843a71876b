import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { authorizeSpace, spaceAccessFor } from '../../../policies/authorize-space';
import { authorizeTransferIn, authorizeTransferOut } from '../../../policies/content-placement';
import { noChange } from '../../positions/no-change';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { assertInLockedTree, withTreeLocks } from '../../tree-lock';
import { presentSpace, SpaceSchema } from '../space-schema';
import { visibilityUnder } from './move-space';
import { SpaceIdParam } from './params';

/**
 * Moves a space to another organization, last at its top level or, with `parent`, last in
 * one of its collections. GitBook's body is only `{organization}`; `parent` is Quire's, for
 * transfers to another organization only: within the organization, `spaces.move` places a
 * space, and a transfer to the organization the space is in is 409 'no_change' whatever
 * else the body says.
 * Needs the organization admin role where the space is (a grant on the space, on one of its
 * collections or to a team is not enough) and where it goes, and the right to create content
 * in the target collection. Outcomes: the space unknown or hidden from the caller, 404; not
 * its admin, or not an organization admin where it is, 403; the same organization, 409
 * 'no_change'; a target organization the caller is not a member of, or a target collection
 * that does not exist there or is hidden, 404; not an admin of the target organization, or
 * no right to create in the target collection, 412 'cannot_move'. Grants on the space name
 * people and teams of its old organization, so they are dropped. Runs under both
 * organizations' tree locks (409 'conflict' when they stay busy).
 */
export const transferSpace = operation({
  name: 'spaces.transfer',
  kind: 'mutation',
  summary: 'Transfer a space to another organization (at its top level or into one of its collections)',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    /** Another organization, where the caller is an admin. */
    organization: IdSchema.describe('Id of the target organization'),
    /** A collection of the target organization; absent: its top level. */
    parent: IdSchema.optional().describe(
      'Id of a collection of the target organization to transfer into (absent: its top level)',
    ),
  }),
  output: SpaceSchema,
  async run(ctx, input) {
    // Refused callers are refused before waiting for the trees.
    const { space: seen } = await authorizeSpace(ctx, input.spaceId, 'admin');
    const locked = [seen.organizationId, input.organization];
    return withTreeLocks(ctx, locked, async () => {
      const { space } = await authorizeSpace(ctx, input.spaceId, 'admin');
      assertInLockedTree(space.organizationId, locked);
      await authorizeTransferOut(ctx, 'space', space.organizationId);
      if (input.organization === space.organizationId) throw noChange();
      const target = { organizationId: input.organization, parentId: input.parent };
      await authorizeTransferIn(ctx, 'space', target);
      const position = await resolveSiblingPosition(ctx, {
        ...target,
        moving: { kind: 'space', id: space.id },
        position: undefined,
      });
      await ctx.repos.contentGrants.removeForTargets([{ kind: 'space', id: space.id }]);
      const moved = await ctx.repos.spaces.place(
        space.id,
        { ...target, position, visibility: visibilityUnder(space.visibility, input.parent) },
        ctx.clock.now().toISOString(),
      );
      if (!moved) throw notFound('Space');
      const access = (await spaceAccessFor(ctx, [moved])).get(moved.id);
      if (!access) throw notFound('Space');
      return presentSpace(ctx.urls, moved, access.permissions);
    });
  },
});
