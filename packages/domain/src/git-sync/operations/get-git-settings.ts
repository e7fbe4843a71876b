import { z } from 'zod';
import { GitSyncStateSchema, gitSyncStateOf, SpaceIdParam } from '../../content';
import { operation } from '../../core/operation';
import { authorizeSpace } from '../../policies/authorize-space';

/**
 * The space's Git Sync settings, or null when it has none (a Quire extension: `git/info`
 * answers 404 then, as GitBook's does, which a screen showing "not synchronized" should not
 * have to treat as an error). Same rules as `git/info`: a space the caller cannot view, 404.
 */
export const getGitSettings = operation({
  name: 'git.settings',
  kind: 'query',
  summary: 'Get the Git Sync settings of a space, or null when it has none',
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: z.object({
    gitSync: GitSyncStateSchema.nullable().describe('Null when the space is not synchronized'),
  }),
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    const record = await ctx.repos.gitSync.findBySpace(space.id);
    return { gitSync: record ? await gitSyncStateOf(ctx, record) : null };
  },
});
