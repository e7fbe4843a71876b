import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeTranslation } from '../../policies/translation-policy';
import { changeTranslation } from '../change-translation';
import {
  TranslationIdParam,
  TranslationInstructionsSchema,
  TranslationOrganizationIdParam,
} from '../translation-fields';
import { runStateOf } from '../translation-runs';
import { presentTranslation, type Translation, TranslationSchema } from '../translation-schema';

/**
 * Replaces the instructions of a translation; the next run follows them (a run going keeps
 * those it started with). Outcomes: not a member, 404 'Organization'; a guest, no such
 * translation, or one of a source space the caller cannot view, 404 'Translation'; a role
 * below `create`, or below `edit` on the source space, 403; instructions that are not a document tree, 400 naming
 * `instructions`; a change racing this one: applied on top of it.
 */
export const updateTranslation = operation({
  name: 'translations.update',
  kind: 'mutation',
  summary: 'Change the instructions of a translation',
  input: z.strictObject({
    organizationId: TranslationOrganizationIdParam,
    translationId: TranslationIdParam,
    instructions: TranslationInstructionsSchema,
  }),
  output: TranslationSchema,
  async run(ctx, input): Promise<Translation> {
    const { translation, permissions } = await authorizeTranslation(
      ctx,
      input.organizationId,
      input.translationId,
      'edit',
    );
    const changed = await changeTranslation(ctx, translation, (current) => ({
      ...current,
      instructions: input.instructions,
    }));
    if (!changed) throw notFound('Translation');
    return presentTranslation(ctx.urls, changed, await runStateOf(ctx, changed), permissions);
  },
});
