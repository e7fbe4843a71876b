import { z } from 'zod';
import { operation } from '../../../../core/operation';
import { authorizeChangeRequest } from '../../../../policies/authorize-change-request';
import { extrasChanges } from '../../../reusable-contents/extras-changes';
import { extrasOf } from '../../../reusable-contents/revision-extras';
import { loadBodies } from '../../../revisions/page-tree';
import { RevisionChangeSchema, revisionChanges } from '../../../revisions/revision-changes';
import { contentOf } from '../../../revisions/revision-content';
import { fileDownloadUrl } from '../../../revisions/revision-schema';
import { baseOf, revisionOf } from '../../operations/merge-change-request';
import { changeRequestPathShape } from '../../operations/params';

/** GitBook's default: 10 changes. */
const DEFAULT_CHANGES = 10;

/**
 * What a change request changes against the revision of the space it was based on (its
 * creation, or its last update from the space): GitBook's semantic changes (pages created,
 * edited, deleted, moved; files; reusable contents and variables), at most `limit` (default
 * 10, as GitBook's), `more` counting the rest. Needs `view`. Outcomes: a space or change
 * request the caller cannot see, 404.
 */
export const listChangeRequestChanges = operation({
  name: 'changeRequests.changes',
  kind: 'query',
  summary: 'List what a change request changes',
  input: z.strictObject({
    ...changeRequestPathShape,
    limit: z.number().int().min(1).max(1000).optional().describe('Most changes returned (default 10)'),
  }),
  output: z
    .object({
      changes: z.array(RevisionChangeSchema),
      more: z.number().int().min(0).optional().describe('Changes left out by the limit'),
    })
    .meta({ id: 'ChangeRequestSemanticChanges', description: 'What a change request changes' }),
  async run(ctx, input) {
    const { space, changeRequest } = await authorizeChangeRequest(ctx, input, 'view');
    const [base, head] = await Promise.all([
      revisionOf(ctx, space.id, baseOf(changeRequest)),
      revisionOf(ctx, space.id, changeRequest.revision),
    ]);
    const [after, before, extrasAfter, extrasBefore] = await Promise.all([
      contentOf(ctx, head),
      contentOf(ctx, base),
      extrasOf(ctx, head),
      extrasOf(ctx, base),
    ]);
    const changes = await revisionChanges(
      { pages: before.index.pages, paths: before.index.paths, files: before.files },
      { pages: after.index.pages, paths: after.index.paths, files: after.files },
      (addresses) => loadBodies(ctx, addresses),
      (file) => fileDownloadUrl(ctx.urls, file),
    );
    changes.push(...extrasChanges(extrasBefore, extrasAfter));
    const limit = input.limit ?? DEFAULT_CHANGES;
    return changes.length > limit
      ? { changes: changes.slice(0, limit), more: changes.length - limit }
      : { changes };
  },
});
