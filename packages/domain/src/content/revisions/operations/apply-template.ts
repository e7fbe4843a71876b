import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSpace } from '../../../policies/authorize-space';
import { SpaceIdParam } from '../../spaces/operations/params';
import { advanceSpace } from '../advance-space';
import { importedRevision } from '../imported-revision';

/**
 * Fills a live space from a built-in template (GitBook's `content/template`): the
 * template's pages are added after the space's top-level pages, as one new revision.
 * `params.contentRefs` (files the template may reference) is accepted and not used: no
 * built-in template takes any. Needs `edit`. Outcomes: 201, no content; an unknown
 * template, 404; a space the caller cannot view, 404; a role below edit, 403; a locked
 * space, 409.
 */
export const applyTemplate = operation({
  name: 'spaces.content.template',
  kind: 'mutation',
  summary: 'Fill a space from a built-in template',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    id: z.string().min(1).max(100).describe('Id of the template (see GET /v1/templates)'),
    params: z
      .strictObject({
        contentRefs: z
          .record(
            z.string().max(100),
            z.strictObject({ kind: z.literal('file'), file: z.string().min(1).max(128) }),
          )
          .optional(),
      })
      .optional()
      .describe('Files the template may reference (none of the built-in ones does)'),
  }),
  output: z.null(),
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'edit');
    const content = ctx.contentTemplates.content(input.id);
    if (!content) throw notFound('Template');
    await advanceSpace(ctx, space, async (current, head) => ({
      revision: await importedRevision(ctx, { space: current, head, content }),
    }));
    return null;
  },
});
