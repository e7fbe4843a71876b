import { z } from 'zod';
import { operation } from '../../../core/operation';
import { mergedFromOf } from '../../change-requests/merged-from';
import { callerExtrasOf } from '../../reusable-contents/shown-references';
import { SpaceIdParam } from '../../spaces/operations/params';
import { contentOf, viewableRevision } from '../revision-content';
import { presentRevision, RevisionSchema } from '../revision-schema';
import { RevisionIdParam, readOptions } from './params';

/**
 * One revision of a space the caller can view, with its pages and files. Outcomes: a space
 * the caller cannot view, or a revision that is not one of this space's, 404.
 */
export const getRevision = operation({
  name: 'spaces.revisions.get',
  kind: 'query',
  summary: 'Get a revision of a space, with its pages and files',
  input: z.strictObject({ spaceId: SpaceIdParam, revisionId: RevisionIdParam, ...readOptions }),
  output: RevisionSchema,
  async run(ctx, input) {
    const { space, revision } = await viewableRevision(ctx, input);
    const [{ index, files }, mergedFrom, extras] = await Promise.all([
      contentOf(ctx, revision),
      mergedFromOf(ctx, space, revision),
      callerExtrasOf(ctx, revision),
    ]);
    return presentRevision(ctx.urls, revision, index, files, mergedFrom, extras);
  },
});
