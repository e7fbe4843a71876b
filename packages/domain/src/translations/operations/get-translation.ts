import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeTranslation } from '../../policies/translation-policy';
import { TranslationIdParam, TranslationOrganizationIdParam } from '../translation-fields';
import { runStateOf } from '../translation-runs';
import { presentTranslation, type Translation, TranslationSchema } from '../translation-schema';

/**
 * A translation by id, with the status of its latest run. Outcomes: not a member, 404
 * 'Organization'; a guest, no such translation in the organization, or one of a source
 * space the caller cannot view, 404 'Translation'.
 */
export const getTranslation = operation({
  name: 'translations.get',
  kind: 'query',
  summary: 'Get a translation',
  input: z.strictObject({
    organizationId: TranslationOrganizationIdParam,
    translationId: TranslationIdParam,
  }),
  output: TranslationSchema,
  async run(ctx, input): Promise<Translation> {
    const { translation, permissions } = await authorizeTranslation(
      ctx,
      input.organizationId,
      input.translationId,
      'view',
    );
    return presentTranslation(ctx.urls, translation, await runStateOf(ctx, translation), permissions);
  },
});
