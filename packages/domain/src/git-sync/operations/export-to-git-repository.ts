import { z } from 'zod';
import { SpaceIdParam } from '../../content';
import { invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSpace } from '../../policies/authorize-space';
import { gitSyncShape } from '../git-sync-fields';
import { startGitSync } from '../git-sync-runs';

/**
 * Exports the space's current content to a Git repository's `ref` (GitBook's `git/export`)
 * and answers 204 at once: a job (`git.export`) writes it as one commit of what changed,
 * with `commitMessage`, marked as Quire's (so importing it back changes nothing), and
 * pushes it. The space's Git settings are saved; `GET git/info` tells how it went. Needs
 * `triggerGitSync` (edit) on the space.
 *
 * Outcomes: a space the caller cannot view, 404; a role below edit, 403; a URL the server
 * does not use, 400 on `url`; a bad ref, folder or an empty `commitMessage`, 400 naming it;
 * an export older than the newest import or export applied, 204 and nothing started,
 * unless `force`. A push that fails (credentials, a ref moved meanwhile) fails the job, the
 * repository as it was.
 */
export const exportToGitRepository = operation({
  name: 'git.export',
  kind: 'mutation',
  summary: "Export a space's content to a Git repository",
  input: z.strictObject({
    spaceId: SpaceIdParam,
    ...gitSyncShape,
    commitMessage: z.string().min(1).max(10_000).describe('The message of the commit'),
  }),
  output: z.null(),
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'triggerGitSync');
    const refusal = ctx.gitRepositories.refusal(input.url);
    if (refusal !== null) throw invalidInput('url', refusal);
    const { spaceId: _spaceId, ...request } = input;
    await startGitSync(ctx, space, 'export', request);
    return null;
  },
});
