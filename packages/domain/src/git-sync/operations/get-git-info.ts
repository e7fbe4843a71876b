import { z } from 'zod';
import { GitSyncStateSchema, gitSyncStateOf, SpaceIdParam } from '../../content';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSpace } from '../../policies/authorize-space';

/**
 * The space's Git Sync settings (GitBook's `git/info`): the repository (never its
 * credentials), ref and folder, and how its last import and export went. Outcomes: a space
 * the caller cannot view, 404 'Space'; no Git settings (never synchronized, or the
 * installation deleted), 404 'Git info'.
 */
export const getGitInfo = operation({
  name: 'git.info',
  kind: 'query',
  summary: 'Get the Git Sync settings of a space',
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: GitSyncStateSchema,
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    const record = await ctx.repos.gitSync.findBySpace(space.id);
    if (!record) throw notFound('Git info');
    return gitSyncStateOf(ctx, record);
  },
});
