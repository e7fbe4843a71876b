import { z } from 'zod';
import { isDomainError } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSpace } from '../../../policies/authorize-space';
import { SpaceIdParam } from './params';

/**
 * Deletes a space (its admins): sets `deletedAt`, which hides it from every list; it can be
 * restored for 7 days, then the purge removes it for good. Idempotent: a space already
 * deleted keeps its first `deletedAt`, and a space that does not exist, or that the caller
 * cannot see (existence does not leak), answers 204 too, changing nothing.
 */
export const removeSpace = operation({
  name: 'spaces.remove',
  kind: 'mutation',
  summary: 'Delete a space (restorable for 7 days)',
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    try {
      const { space } = await authorizeSpace(ctx, input.spaceId, 'admin', { includeDeleted: true });
      if (space.deletedAt === undefined) {
        await ctx.repos.spaces.markDeleted(space.id, ctx.clock.now().toISOString());
      }
    } catch (error) {
      if (isDomainError(error) && error.code === 'not_found') return null;
      throw error;
    }
    return null;
  },
});
