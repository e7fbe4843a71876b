/** The body of GitBook's `content/import`, and its answer. */
import { z } from 'zod';
import { IMPORT_SOURCES, type ImportSource } from './content-imports';
import { ImportJobSchema } from './import-jobs';

/** GitBook's source enum: the ones Quire reads, and the ones it names as unsupported. */
const GITBOOK_SOURCES = [...IMPORT_SOURCES, 'confluence', 'github-wiki', 'notion', 'google-docs'] as const;

export const importShape = {
  url: z.string().url().max(2048).describe('Where to read the content from (http or https)'),
  source: z
    .enum(GITBOOK_SOURCES)
    .refine((source): source is ImportSource => (IMPORT_SOURCES as readonly string[]).includes(source), {
      message: `Quire imports from: ${IMPORT_SOURCES.join(', ')}`,
    })
    .describe(`Kind of source: ${IMPORT_SOURCES.join(', ')}`),
};

export const ImportResultSchema = z
  .object({
    revision: z.string().describe('The revision the import made (empty while it goes on in the background)'),
    importedResources: z.number().int().min(0).describe('Pages and files imported (so far)'),
    totalResources: z.number().int().min(0).describe('Pages and files found (so far)'),
    import: ImportJobSchema.describe("The import and its progress (beyond GitBook's shape)"),
  })
  .meta({ id: 'ContentImportResult', description: 'What an import made' });
