import { z } from 'zod';
import { SpaceIdParam } from '../../content';
import { operation } from '../../core/operation';
import { authorizeSpace } from '../../policies/authorize-space';

/**
 * Deletes the space's Git Sync installation (GitBook's `git/legacy-installation`): its Git
 * settings and the record of its imports and exports; the content stays. Answers whether
 * one was removed (REST: 205 when it was, 204 when it was already gone: both succeed).
 * Needs `admin` on the space. Outcomes: a space the caller cannot view, 404; a role below
 * admin, 403, nothing removed.
 */
export const removeGitInstallation = operation({
  name: 'git.removeInstallation',
  kind: 'mutation',
  summary: 'Delete the Git Sync installation of a space',
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: z.object({ removed: z.boolean().describe('False when there was none') }),
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'admin');
    return { removed: await ctx.repos.gitSync.delete(space.id) };
  },
});
