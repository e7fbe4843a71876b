import { z } from 'zod';
import { SpaceIdParam } from '../../content';
import { conflict, invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSpace } from '../../policies/authorize-space';
import { gitSyncShape } from '../git-sync-fields';
import { startGitSync } from '../git-sync-runs';

/**
 * Imports a Git repository's `ref` into the space (GitBook's `git/import`) and answers 204
 * at once: a job (`git.import`) reads the repository and makes its content the space's
 * (`git-sync-jobs.ts`); with `standalone`, it only writes a revision. The space's Git
 * settings (repository without credentials, ref, folder, URLs) are saved; `GET git/info`
 * tells how the import went. Needs `triggerGitSync` (edit) on the space.
 *
 * Outcomes: a space the caller cannot view, 404; a role below edit, 403; a locked space,
 * 409; a URL the server does not use (a transport other than https, a local path where they
 * are not allowed), 400 on `url`; a bad ref or folder, 400 naming it; an import older than
 * the newest import or export applied (`timestamp`), 204 and nothing started or written,
 * unless `force`. A repository that cannot be read fails the job (its reason on
 * `git/info`), the content untouched.
 */
export const importGitRepository = operation({
  name: 'git.import',
  kind: 'mutation',
  summary: "Import a Git repository's content into a space",
  input: z.strictObject({
    spaceId: SpaceIdParam,
    ...gitSyncShape,
    standalone: z.boolean().optional().describe("Write the revision without making it the space's content"),
  }),
  output: z.null(),
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'triggerGitSync');
    if (space.editMode === 'locked') throw conflict('The space is locked: its content cannot be edited');
    const refusal = ctx.gitRepositories.refusal(input.url);
    if (refusal !== null) throw invalidInput('url', refusal);
    const { spaceId: _spaceId, ...request } = input;
    await startGitSync(ctx, space, 'import', request);
    return null;
  },
});
