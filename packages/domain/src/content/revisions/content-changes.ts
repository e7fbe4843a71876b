/**
 * The batch of content changes GitBook's newer API takes (`changes`: 1 to 50, applied in
 * order, all or nothing): insert, update, delete and revert pages, and insert files.
 */
import { z } from 'zod';
import { IdSchema } from '../../core/schemas';

export const MAX_CHANGES = 50;

const MarkdownBodySchema = z.strictObject({
  markdown: z
    .string()
    .max(512_000)
    .describe('Markdown, optionally with YAML front matter (at most 512,000 characters)'),
});
const TreeBodySchema = z.strictObject({
  document: z.record(z.string(), z.unknown()).describe('A GitBook document tree (object "document")'),
});
/** A page body: markdown, or a document tree (validated when applied). */
export const PageBodySchema = z.union([MarkdownBodySchema, TreeBodySchema]);
export type PageBody = z.infer<typeof PageBodySchema>;

const pageSettings = {
  title: z.string().min(1).max(255).optional().describe('Title of the page'),
  slug: z
    .string()
    .max(100)
    .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, 'lowercase words and digits joined by "-"')
    .optional()
    .describe('Path segment of the page among its siblings (default: from the title)'),
  emoji: z.string().max(50).optional().describe('Emoji of the page ("" removes it)'),
  icon: z.string().max(50).optional().describe('Icon of the page ("" removes it)'),
  description: z.string().max(1000).optional().describe('Description of the page'),
  hidden: z.boolean().optional().describe('Hidden from the table of contents'),
};

const AtSchema = z.number().int().min(0).max(100_000);

export const InsertPageSchema = z.strictObject({
  operation: z.literal('insert_page'),
  ...pageSettings,
  into: IdSchema.optional().describe('Parent page (absent: the top level)'),
  at: AtSchema.optional().describe('Index among the siblings (absent: last)'),
  ref: z.string().min(1).max(128).optional().describe('Name later changes of the batch use for this page'),
  document: PageBodySchema.describe('Body of the new page'),
});

export const UpdatePageSchema = z.strictObject({
  operation: z.literal('update_page'),
  ...pageSettings,
  page: IdSchema.describe('Id (or ref) of the page'),
  document: PageBodySchema.optional().describe('New body of the page'),
  into: IdSchema.nullable().optional().describe('New parent page (null: the top level; absent: unchanged)'),
  at: AtSchema.optional().describe('New index among the siblings'),
});

export const DeletePageSchema = z.strictObject({
  operation: z.literal('delete_page'),
  page: IdSchema.describe('Id (or ref) of the page; its subpages go with it'),
});

export const RevertPageSchema = z.strictObject({
  operation: z.literal('revert_page'),
  page: IdSchema.describe('Id of the page'),
  revision: IdSchema.optional().describe('Revision to revert the page to (default: the base)'),
});

export const ContentChangeSchema = z.discriminatedUnion('operation', [
  InsertPageSchema,
  UpdatePageSchema,
  DeletePageSchema,
  RevertPageSchema,
]);
export type ContentChange = z.infer<typeof ContentChangeSchema>;

export const ContentChangesSchema = z
  .array(ContentChangeSchema)
  .min(1)
  .max(MAX_CHANGES)
  .describe('Changes applied in order, all or nothing');

/** What one applied change did, for `compat=false` answers and the history. */
export const AppliedChangeSchema = z.object({
  operation: z.enum(['insert_page', 'update_page', 'delete_page', 'revert_page']),
  page: z.string().describe('Id of the page changed'),
});
export type AppliedChange = z.infer<typeof AppliedChangeSchema>;
