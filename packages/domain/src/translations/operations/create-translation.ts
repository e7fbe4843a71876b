import { z } from 'zod';
import { callerOf } from '../../core/context';
import { conflict, invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeTranslationSource, authorizeTranslations } from '../../policies/translation-policy';
import type { TranslationRecord } from '../records';
import {
  TranslationInstructionsSchema,
  TranslationOrganizationIdParam,
  TranslationSourceInputSchema,
} from '../translation-fields';
import { TranslationLanguageSchema } from '../translation-languages';
import { presentTranslation, type Translation, TranslationSchema } from '../translation-schema';
import { translationRunStateOf } from '../translation-status';

const NO_INSTRUCTIONS = { object: 'document', data: {}, nodes: [] };

/**
 * Creates a translation of the space `source.space` (whose content is in `source.language`)
 * into `language`. It does not run: `POST .../run` starts each run. Status 'pending', stats
 * zero, no `result` until a run made the result space. Outcomes: not a member, 404
 * 'Organization'; a guest, 404 'Translation'; a role below `create`, 403; a source space
 * not in the organization, deleted, or one the caller cannot view, 404 naming
 * `source.space`; one they view with a role below `edit` (the result space will carry the
 * source's content and access: whoever may only read it must not copy it), 403 naming
 * `source.space`; a language not in GitBook's list, instructions that are not a document
 * tree, 400 naming the field; `language` the source's own, 400 naming `language`; the
 * organization already translating this space into this language (two creates racing
 * included: one wins), 409 naming `language`, nothing written.
 */
export const createTranslation = operation({
  name: 'translations.create',
  kind: 'mutation',
  summary: 'Create a translation of a space',
  input: z.strictObject({
    organizationId: TranslationOrganizationIdParam,
    language: TranslationLanguageSchema,
    source: TranslationSourceInputSchema,
    instructions: TranslationInstructionsSchema.optional(),
  }),
  output: TranslationSchema,
  async run(ctx, input): Promise<Translation> {
    const { permissions } = await authorizeTranslations(ctx, input.organizationId, 'edit');
    const space = await authorizeTranslationSource(ctx, input.organizationId, input.source.space);
    if (input.language === input.source.language)
      throw invalidInput('language', 'the language of the source: translate into another one');
    const now = ctx.clock.now().toISOString();
    const translation: TranslationRecord = {
      id: ctx.ids.newId(),
      organizationId: input.organizationId,
      sourceSpaceId: space.id,
      sourceLanguage: input.source.language,
      language: input.language,
      instructions: input.instructions ?? NO_INSTRUCTIONS,
      stats: {
        runs: 0,
        totalWords: 0,
        totalPages: 0,
        totalDuration: 0,
        latestRunDuration: 0,
        latestPages: 0,
        latestWords: 0,
      },
      createdBy: callerOf(ctx).userId,
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    if (!(await ctx.repos.translations.insert(translation)))
      throw conflict(`language: the space already has a translation into "${input.language}"`);
    const neverRun = translationRunStateOf({ run: undefined, job: null, now: ctx.clock.now() });
    return presentTranslation(ctx.urls, translation, neverRun, permissions);
  },
});
