import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSpace } from '../../../policies/authorize-space';
import { gitSyncStateOf } from '../space-git-sync';
import { presentSpace, SpaceSchema } from '../space-schema';
import { SpaceIdParam } from './params';

/**
 * A space the caller can view. A deleted space (within its 7 days) is shown, with
 * `deletedAt`, to those who may restore it (its admins); to everyone else it is not found.
 * A space synchronized with a Git repository shows its Git Sync settings (`gitSync`, as
 * `git/info` shows them).
 */
export const getSpace = operation({
  name: 'spaces.get',
  kind: 'query',
  summary: 'Get a space',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    /** Resolves the published URLs of share-link content (they come with published sites). */
    shareKey: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .describe('Share key of share-link content, to resolve its published URLs'),
  }),
  output: SpaceSchema,
  async run(ctx, input) {
    const { space, permissions } = await authorizeSpace(ctx, input.spaceId, 'view', { includeDeleted: true });
    if (space.deletedAt !== undefined && !permissions.admin) throw notFound('Space');
    const resource = presentSpace(ctx.urls, space, permissions);
    const gitSync = await ctx.repos.gitSync.findBySpace(space.id);
    return gitSync ? { ...resource, gitSync: await gitSyncStateOf(ctx, gitSync) } : resource;
  },
});
