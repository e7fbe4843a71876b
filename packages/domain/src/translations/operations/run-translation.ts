import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeTranslation, authorizeTranslationSource } from '../../policies/translation-policy';
import { TranslationIdParam, TranslationOrganizationIdParam } from '../translation-fields';
import { startTranslationRun } from '../translation-runs';

/**
 * Starts a run of the translation and answers 204 at once: a job `translation.run`
 * (payload `{translationId}`, `translation-run-job.ts`), named by the translation's `job`,
 * translates the pages changed since the last run into the result space in the background;
 * the translation's status, `progress` and `error` follow that job.
 *
 * Outcomes: not a member, 404 'Organization'; a guest, no such translation, or one of a
 * source space the caller cannot view, 404 'Translation'; a role below `create`, 403; a
 * deleted source space, 404 naming `source.space`; one they may view but not edit, 403 naming
 * `source.space`; a run going (waiting or running, or racing
 * this one), 409 and nothing written: runs are not queued.
 */
export const runTranslation = operation({
  name: 'translations.run',
  kind: 'mutation',
  summary: 'Run a translation again',
  input: z.strictObject({
    organizationId: TranslationOrganizationIdParam,
    translationId: TranslationIdParam,
  }),
  output: z.null(),
  async run(ctx, input) {
    const { translation } = await authorizeTranslation(
      ctx,
      input.organizationId,
      input.translationId,
      'edit',
    );
    await authorizeTranslationSource(ctx, input.organizationId, translation.sourceSpaceId);
    await startTranslationRun(ctx, translation);
    return null;
  },
});
