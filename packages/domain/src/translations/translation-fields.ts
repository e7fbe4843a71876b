/** Field schemas of translations, shared by the operations' inputs. */
import { jsonDocumentSchema } from '@quire/documents';
import { z } from 'zod';
import { IdSchema } from '../core/schemas';
import { TranslationLanguageSchema } from './translation-languages';

export const TranslationOrganizationIdParam = IdSchema.describe('Id of the organization');
export const TranslationIdParam = IdSchema.describe('Id of the translation');

export const TranslationSourceInputSchema = z.strictObject({
  space: IdSchema.describe('Id of the space to translate (in the same organization)'),
  language: TranslationLanguageSchema,
});

/**
 * Instructions are a document tree, checked as page bodies are (`jsonDocumentSchema`: the
 * blocks Quire stores, bounded), so that a run can print them as markdown for the
 * translator; each problem is named by its path under `instructions`.
 */
export const TranslationInstructionsSchema = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    const parsed = jsonDocumentSchema.safeParse(value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues.slice(0, 5)) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value });
    }
  })
  .meta({
    description: 'Guidance for the translator: a GitBook document tree (object "document", data, nodes)',
    examples: [
      {
        object: 'document',
        data: { schemaVersion: 1 },
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            nodes: [
              {
                object: 'text',
                leaves: [{ object: 'leaf', text: 'Keep product names in English.', marks: [] }],
              },
            ],
          },
        ],
      },
    ],
  });
