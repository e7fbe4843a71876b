import { z } from 'zod';
import { callerOf, type OperationContext } from '../../../core/context';
import { conflict, invalidInput } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeChangeRequest, findChangeRequestOf } from '../../../policies/authorize-change-request';
import { mergeRevisionExtras } from '../../reusable-contents/merge-extras';
import { MAX_POINTER_ATTEMPTS } from '../../revisions/advance-space';
import { mergeContent } from '../../revisions/merge-revisions';
import { storedSpaceHead, writeRevision } from '../../revisions/revision-writer';
import { publishChangeRequestContent } from '../change-request-content-event';
import {
  applyResolutions,
  ConflictResolutionSchema,
  MAX_RESOLUTIONS,
  type ReadResolution,
} from '../conflict-resolutions';
import { acceptsEdits } from '../patch-rules';
import { settledVariables, settlesVariables } from '../variable-resolutions';
import { baseOf, mergeSide, revisionOf } from './merge-change-request';
import { type MergeOutcome, MergeResultSchema } from './merge-result';
import { changeRequestPathShape } from './params';

export const UpdateFromSpaceInputSchema = z.strictObject({
  ...changeRequestPathShape,
  resolutions: z
    .array(ConflictResolutionSchema)
    .max(MAX_RESOLUTIONS)
    .optional()
    .describe(
      "Quire's own, beyond GitBook's: how to settle the conflicts an earlier update named (at most 50), each by a side or a text",
    ),
});

/**
 * Brings a change request up to date with its space (GitBook's `update`): the space's
 * head is merged into the change request (base: its base, ours: its head, theirs: the
 * space's head), making a revision with two parents that becomes the change request's
 * head; `revisionMergedAncestor` becomes the space's head, so it is no longer outdated.
 * Needs `editContent` on the change request. Outcomes: already up to date, `{revision:
 * <its head>, result: 'update'}` and nothing written; merged, `{revision, result:
 * 'update'}`; what cannot be merged, 200 `{result: 'conflicts', conflicts}` and nothing
 * written; a space or change request the caller cannot see, 404; a role too low, 403; a
 * merged or archived change request, 409. An edit racing the update: the compare-and-swap
 * on the change request's revision fails and the update runs again (up to 5 times).
 *
 * `resolutions` (Quire's, issue 30) settle conflicts a person was shown: each page field
 * named takes the change request's side, the space's, or a text written by hand (read like a
 * batch's body: 400 naming `resolutions.<i>.markdown`), and each space variable named
 * ("spaceVariable") a side, before the merge (`conflict-resolutions.ts`,
 * `variable-resolutions.ts`); what is left unresolved still answers `conflicts`.
 */
export const updateChangeRequestFromSpace = operation({
  name: 'changeRequests.updateFromSpace',
  kind: 'mutation',
  summary: 'Bring a change request up to date with its space',
  input: UpdateFromSpaceInputSchema,
  output: MergeResultSchema,
  async run(ctx, input): Promise<MergeOutcome> {
    const { space, changeRequest: first } = await authorizeChangeRequest(ctx, input, 'editContent');
    const resolutions = await readResolutions(ctx, input.resolutions ?? []);
    const userId = callerOf(ctx).userId;
    let changeRequest = first;
    for (let attempt = 0; attempt < MAX_POINTER_ATTEMPTS; attempt++) {
      if (attempt > 0) changeRequest = await findChangeRequestOf(ctx, space, changeRequest.id);
      if (!acceptsEdits(changeRequest.status))
        throw conflict(`The change request is ${changeRequest.status}`);
      const current = attempt === 0 ? space : await ctx.repos.spaces.findById(space.id);
      if (!current || current.deletedAt !== undefined) throw conflict('The space was deleted meanwhile');
      const spaceAt = await storedSpaceHead(ctx, current);
      if (spaceAt.id === baseOf(changeRequest)) return { revision: changeRequest.revision, result: 'update' };
      const [base, ours] = await Promise.all([
        revisionOf(ctx, space.id, baseOf(changeRequest)),
        revisionOf(ctx, space.id, changeRequest.revision),
      ]);
      const merged = await mergeContent(
        ctx,
        await mergeSide(ctx, base),
        await mergeSide(ctx, ours),
        await mergeSide(ctx, spaceAt),
        ctx.clock.now().toISOString(),
        new Map(),
        (ours, theirs) => applyResolutions(resolutions, ours, theirs),
      );
      // Reusable contents and variables merge beside the pages (`merge-extras.ts`).
      // Ours is the change request here, theirs the space.
      const extras = await mergeRevisionExtras(
        ctx,
        base,
        ours,
        spaceAt,
        ctx.clock.now().toISOString(),
        settlesVariables(resolutions)
          ? (changeRequestVariables, spaceVariables) => {
              const settled = settledVariables(resolutions, changeRequestVariables, spaceVariables);
              return { ours: settled.changeRequest, theirs: settled.space };
            }
          : undefined,
      );
      if (merged.result === 'conflicts' || extras.result === 'conflicts') {
        return {
          revision: changeRequest.revision,
          result: 'conflicts',
          conflicts: [
            ...(merged.result === 'conflicts' ? merged.conflicts : []),
            ...(extras.result === 'conflicts' ? extras.conflicts : []),
          ].map(({ pageId, field, reason }) => ({ page: pageId, field, reason })),
        };
      }
      const revision = await writeRevision(ctx, {
        space: current,
        parents: [ours, spaceAt],
        kind: 'update',
        createdBy: userId,
        changeRequestId: changeRequest.id,
        pages: merged.pages,
        files: merged.files,
        objects: merged.bodies,
        ...(extras.extras ? { extras: extras.extras } : {}),
      });
      const updated = await ctx.repos.changeRequests.update(
        changeRequest.id,
        { status: changeRequest.status, revision: changeRequest.revision },
        { revision: revision.id, revisionMergedAncestor: spaceAt.id },
        ctx.clock.now().toISOString(),
      );
      if (updated) {
        await publishChangeRequestContent(ctx, space, changeRequest.id, revision.id);
        return { revision: revision.id, result: 'update' };
      }
    }
    throw conflict('The change request changed too often meanwhile: retry');
  },
});

/** The texts of the resolutions read into the stored form, off the request thread (`UntrustedMarkdown`). */
async function readResolutions(
  ctx: Pick<OperationContext, 'untrustedMarkdown'>,
  resolutions: z.infer<typeof UpdateFromSpaceInputSchema>['resolutions'] & {},
): Promise<ReadResolution[]> {
  return Promise.all(
    resolutions.map(async (resolution, index) => {
      if (resolution.markdown === undefined) return resolution;
      const reading = await ctx.untrustedMarkdown.read(resolution.markdown);
      if (!reading.ok) throw invalidInput(`resolutions.${index}.markdown`, reading.reason);
      return { ...resolution, markdown: reading.markdown };
    }),
  );
}
