import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { invalidInput, notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSpace } from '../../../policies/authorize-space';
import { noChange } from '../../positions/no-change';
import { SpaceIdParam } from '../../spaces/operations/params';
import { advanceSpace } from '../advance-space';
import { findRevision } from '../first-revision';
import type { RevisionRecord } from '../records';
import { RevisionIdParam } from './params';

/**
 * Restores a live space to one of its earlier revisions (Quire's own, beyond GitBook's
 * interface): a new revision on top of the current one (kind `rollback`) holding exactly the
 * content of the revision named, its pages, files, reusable contents and variables; the
 * revisions between stay in the history, so a restore is undone by restoring the revision
 * before it. The content objects are shared, nothing is copied. Needs `edit`. Outcomes: a
 * space the caller cannot view, or a revision not of this space, 404; a role below edit, 403;
 * a change request's own revision (not merged), 400 naming `revisionId`; the space already
 * holding that content, 409 'no_change'; a locked space, 409. Moves the space by
 * compare-and-swap (`advanceSpace`): a write that lost to another is made again on the new
 * head.
 */
export const restoreRevision = operation({
  name: 'spaces.revisions.restore',
  kind: 'mutation',
  summary: 'Restore a space to an earlier revision, as a new revision',
  input: z.strictObject({ spaceId: SpaceIdParam, revisionId: RevisionIdParam }),
  output: z
    .object({ revision: z.string().describe('Id of the new revision, holding the restored content') })
    .meta({
      id: 'SpaceRestoredRevision',
      description: 'The revision a restore made',
      examples: [{ revision: 'rev_3hT9kq' }],
    }),
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'edit');
    const restored = await findRevision(ctx, space, input.revisionId);
    if (!restored) throw notFound('Revision');
    if (restored.changeRequestId !== undefined && restored.kind !== 'merge')
      throw invalidInput('revisionId', "a change request's revision: merge the change request instead");
    const written = await advanceSpace(ctx, space, async (_current, head) => {
      if (sameContent(head, restored)) throw noChange();
      const revision: RevisionRecord = {
        id: ctx.ids.newId(),
        spaceId: space.id,
        organizationId: space.organizationId,
        parents: [head.id],
        depth: head.depth + 1,
        tree: restored.tree,
        files: restored.files,
        ...(restored.reusableContents !== undefined ? { reusableContents: restored.reusableContents } : {}),
        ...(restored.variables !== undefined ? { variables: restored.variables } : {}),
        kind: 'rollback',
        createdBy: callerOf(ctx).userId,
        createdAt: ctx.clock.now().toISOString(),
      };
      await ctx.repos.revisions.insert(revision);
      return { revision };
    });
    return { revision: written.revision.id };
  },
});

function sameContent(a: RevisionRecord, b: RevisionRecord): boolean {
  return (
    a.tree === b.tree &&
    a.files === b.files &&
    a.reusableContents === b.reusableContents &&
    a.variables === b.variables
  );
}
