/** The Translation resource and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { TimestampSchema } from '../core/schemas';
import type { TranslationPermissions } from '../policies/translation-policy';
import type { TranslationRecord } from './records';
import { TranslationLanguageSchema } from './translation-languages';
import { TRANSLATION_STATUSES, type TranslationRunState } from './translation-status';

export const TranslationStatusSchema = z.enum(TRANSLATION_STATUSES).meta({
  id: 'TranslationStatus',
  description:
    'pending: never run, or its run waiting for a worker; running: a run going; completed: the last run ' +
    'ended; failed: the last run failed (an extension: its job says why)',
});

const count = (description: string) => z.number().int().min(0).describe(description);

export const TranslationSchema = z
  .object({
    object: z.literal('translation').describe('Always "translation"'),
    id: z.string().describe('Id of the translation'),
    status: TranslationStatusSchema,
    source: z
      .object({
        space: z.string().describe('Id of the source space'),
        language: TranslationLanguageSchema,
      })
      .describe('The space translated and the language of its content'),
    language: TranslationLanguageSchema,
    instructions: z
      .record(z.string(), z.unknown())
      .describe('Guidance for the translator: a GitBook document tree'),
    result: z
      .object({
        space: z.string().describe('Id of the space holding the translated content'),
        revision: z.string().describe('Id of the revision the latest run wrote'),
      })
      .optional()
      .describe('Where the translation is: absent until a run made the space'),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    stats: z
      .object({
        runs: count('Runs that completed'),
        totalWords: count('Words translated, all runs together'),
        totalPages: count('Pages translated, all runs together'),
        totalDuration: count('Seconds, all runs together'),
        latestRunDuration: count('Seconds of the latest run'),
        latestPages: count('Pages translated by the latest run'),
        latestWords: count('Words translated by the latest run'),
      })
      .describe('What the runs did'),
    job: z.string().optional().describe('The job of the latest run (`GET /v1/jobs/{jobId}`; an extension)'),
    progress: z
      .object({
        done: count('Texts translated so far'),
        total: count('Texts the run sends (titles, descriptions, text blocks of the pages changed)'),
      })
      .optional()
      .describe('While a run is going: how far it is (an extension)'),
    error: z
      .object({
        code: z.string().describe('A stable code, e.g. PROVIDER_NOT_CONFIGURED, PROVIDER_TIMEOUT'),
        message: z.string().describe('Why, safe to show'),
      })
      .optional()
      .describe('When the latest run failed: why (an extension)'),
    permissions: z
      .object({
        view: z.boolean().describe('Whether the caller may view the translation'),
        edit: z.boolean().describe('Whether the caller may change its instructions, run it and delete it'),
      })
      .describe("The caller's permissions on the translation"),
    urls: z.object({ location: z.string().describe('The translation in the API') }),
  })
  .meta({ id: 'Translation', description: "A translation of a space's content into another language" });

export type Translation = z.infer<typeof TranslationSchema>;

export const translationLocation = (
  urls: PublicUrls,
  translation: Pick<TranslationRecord, 'organizationId' | 'id'>,
): string => `${urls.api}/v1/orgs/${translation.organizationId}/translations/${translation.id}`;

export function presentTranslation(
  urls: PublicUrls,
  translation: TranslationRecord,
  runState: TranslationRunState,
  permissions: TranslationPermissions,
): Translation {
  return {
    object: 'translation',
    id: translation.id,
    status: runState.status,
    source: { space: translation.sourceSpaceId, language: translation.sourceLanguage },
    language: translation.language,
    instructions: translation.instructions,
    ...(translation.result?.revisionId === undefined
      ? {}
      : { result: { space: translation.result.spaceId, revision: translation.result.revisionId } }),
    createdAt: translation.createdAt,
    updatedAt: translation.updatedAt,
    stats: { ...translation.stats },
    ...(translation.run === undefined ? {} : { job: translation.run.jobId }),
    ...(runState.progress === undefined ? {} : { progress: { ...runState.progress } }),
    ...(runState.error === undefined ? {} : { error: { ...runState.error } }),
    permissions,
    urls: { location: translationLocation(urls, translation) },
  };
}
