/** A page body as a batch sends it: markdown, or a document tree (validated when applied). */
import { z } from 'zod';

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
