import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { siteTokenMayReadRevision } from '../../../policies/site-token-access';
import { bodiesMarkdownForCaller } from '../../reusable-contents/caller-markdown';
import { extrasChanges } from '../../reusable-contents/extras-changes';
import { callerExtrasOf } from '../../reusable-contents/shown-references';
import { SpaceIdParam } from '../../spaces/operations/params';
import { findRevision } from '../first-revision';
import { indexPages } from '../page-index';
import { loadBodies } from '../page-tree';
import { type RevisionChange, RevisionChangeSchema, revisionChanges } from '../revision-changes';
import { contentOf, viewableRevision } from '../revision-content';
import { fileDownloadUrl } from '../revision-schema';
import { RevisionIdParam, readOptions } from './params';

/**
 * What a revision changed: against `from` (another revision of the space), by default
 * against its first parent (the revision it was made from; a first revision is compared
 * with nothing). At most `limit` changes (default 100), `more` counts the rest. Outcomes:
 * a space the caller cannot view, or a revision (or `from`) not of this space, 404.
 */
export const listRevisionChanges = operation({
  name: 'spaces.revisions.changes',
  kind: 'query',
  summary: 'List what a revision changed (against its parent or another revision)',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    revisionId: RevisionIdParam,
    from: RevisionIdParam.optional().describe('Revision to compare with (default: the first parent)'),
    limit: z.number().int().min(1).max(1000).optional().describe('Most changes returned (default 100)'),
    ...readOptions,
  }),
  output: z
    .object({
      changes: z.array(RevisionChangeSchema),
      more: z.number().int().min(0).optional().describe('Changes left out by the limit'),
    })
    .meta({ id: 'RevisionSemanticChanges', description: 'What a revision changed' }),
  async run(ctx, input) {
    const { space, revision } = await viewableRevision(ctx, input);
    const fromId = input.from ?? revision.parents[0];
    const from = fromId === undefined ? null : await findRevision(ctx, space, fromId);
    if (fromId !== undefined && !from) throw notFound('Revision');
    if (from && ctx.caller?.site !== undefined && !(await siteTokenMayReadRevision(ctx, space, from)))
      throw notFound('Revision');
    const [after, before, extrasAfter, extrasBefore] = await Promise.all([
      contentOf(ctx, revision),
      from ? contentOf(ctx, from) : Promise.resolve({ index: indexPages('', new Map()), files: [] }),
      callerExtrasOf(ctx, revision),
      from ? callerExtrasOf(ctx, from) : Promise.resolve({ reusableContents: new Map(), variables: {} }),
    ]);
    const changes = await revisionChanges(
      { pages: before.index.pages, paths: before.index.paths, files: before.files },
      { pages: after.index.pages, paths: after.index.paths, files: after.files },
      // A site visitor reads each body with its `if` blocks decided for their claims.
      async (addresses) => bodiesMarkdownForCaller(ctx, revision, await loadBodies(ctx, addresses)),
      (file) => fileDownloadUrl(ctx.urls, file),
    );
    changes.push(...extrasChanges(extrasBefore, extrasAfter));
    if (ctx.caller?.site !== undefined) dropUnseenEdits(changes);
    const limit = input.limit ?? 100;
    return changes.length > limit
      ? { changes: changes.slice(0, limit), more: changes.length - limit }
      : { changes };
  },
});

/**
 * For a site visitor: an edit of a body that reads the same to them (it changed only inside
 * `if` blocks their claims do not open) is no change of the body: its `document` and `diff`
 * are left out, and the change itself when nothing else of the page changed, so the list
 * tells nothing of a branch the visitor may not read.
 */
function dropUnseenEdits(changes: RevisionChange[]): void {
  for (let i = changes.length - 1; i >= 0; i--) {
    const change = changes[i];
    if (change?.type !== 'page_edited') continue;
    const document = change.attributes.document as { before?: unknown; after?: unknown } | undefined;
    if (document === undefined || document.before !== document.after) continue;
    delete change.attributes.document;
    delete change.diff;
    if (Object.keys(change.attributes).length === 0) changes.splice(i, 1);
  }
}
