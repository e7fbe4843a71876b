import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { contentSourceShape } from '../../revisions/operations/params';
import { viewableRevision } from '../../revisions/revision-content';
import { storedDocumentOf } from '../../revisions/stored-documents';
import { SpaceIdParam } from '../../spaces/operations/params';
import { resolveOptionsOf, resolveReadShape } from '../read-options';
import { resolvedDocument } from '../resolved-document';
import { callerReusableContentsOf } from '../shown-references';
import { ReusableContentIdParam } from './list-reusable-contents';

/**
 * The body of one reusable content as a GitBook document (`getReusableContentDocumentInRevisionById`,
 * and the same on the current content and a change request), its own reusable-content blocks
 * and expressions resolved when asked (`dereferenced`, `evaluated`: `resolved-document.ts`).
 * Outcomes: a space the caller cannot view, a revision or change request not of it, a
 * reusable content it does not hold, 404.
 */
export const getReusableContentDocument = operation({
  name: 'spaces.content.reusableContents.document',
  kind: 'query',
  summary: 'Get the document of a reusable content (its current content, a revision, a change request)',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    ...contentSourceShape,
    reusableContentId: ReusableContentIdParam,
    ...resolveReadShape,
  }),
  output: z
    .record(z.string(), z.unknown())
    .describe('The body as a GitBook document tree (object "document")'),
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const content = (await callerReusableContentsOf(ctx, revision)).get(input.reusableContentId);
    if (!content) throw notFound('Reusable content');
    const document = await resolvedDocument(
      ctx,
      await storedDocumentOf(ctx, content.body),
      { spaceId: revision.spaceId, revision, pageVariables: {} },
      resolveOptionsOf(input),
    );
    return document as unknown as Record<string, unknown>;
  },
});
