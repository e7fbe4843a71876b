import { z } from 'zod';
import { operation } from '../../../core/operation';
import { mergedFromOf } from '../../change-requests/merged-from';
import { callerExtrasOf } from '../../reusable-contents/shown-references';
import { SpaceIdParam } from '../../spaces/operations/params';
import { contentOf, viewableRevision } from '../revision-content';
import { presentRevision, RevisionSchema } from '../revision-schema';
import { contentSourceShape, readOptions } from './params';

/**
 * The current content of a space the caller can view: its head revision with every page
 * (nested) and file. A space made before content existed answers its first, empty revision,
 * written by the first write, not by this read. Outcomes: a space the caller cannot view, 404.
 */
export const getSpaceContent = operation({
  name: 'spaces.content.get',
  kind: 'query',
  summary: 'Get the current content of a space: its revision with pages and files',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    changeRequestId: contentSourceShape.changeRequestId,
    ...readOptions,
  }),
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
