/**
 * The body of a comment or a reply: sent as markdown or as a document tree, stored once as
 * normalized markdown, shown in the `format` the reader asks for.
 */
import { documentToMarkdown, type JSONDocument, jsonDocumentSchema } from '@quire/documents';
import { z } from 'zod';
import type { OperationContext } from '../core/context';
import { invalidInput } from '../core/errors';
import { memberNamesForDocument, type PeopleInSight } from '../organizations';

/** At most 64 KiB of markdown (UTF-8), before and after normalization. */
export const MAX_COMMENT_BODY_BYTES = 65_536;

const byteLength = (text: string): number => new TextEncoder().encode(text).length;

const CommentMarkdownSchema = z.strictObject({
  markdown: z
    .string()
    .min(1)
    .refine((markdown) => byteLength(markdown) <= MAX_COMMENT_BODY_BYTES, {
      message: `at most ${MAX_COMMENT_BODY_BYTES} bytes`,
    })
    .describe('Markdown (at most 64 KiB)'),
});
const CommentDocumentSchema = z.strictObject({
  document: z.record(z.string(), z.unknown()).describe('A GitBook document tree (object "document")'),
});

/** A body as sent: `{markdown}` or `{document}`. */
export const CommentBodyInputSchema = z
  .union([CommentMarkdownSchema, CommentDocumentSchema])
  .describe('Body: {markdown} or {document}; it may not be empty');
export type CommentBodyInput = z.infer<typeof CommentBodyInputSchema>;

export const CommentFormatSchema = z
  .enum(['markdown', 'document'])
  .optional()
  .describe('Format of the body in the answer: markdown (the default) or document (a document tree)');
export type CommentFormat = z.infer<typeof CommentFormatSchema>;

/** A body as shown: `{markdown}` or `{document}`. */
export const CommentBodySchema = z
  .object({
    markdown: z.string().optional().describe('The body as markdown (format=markdown)'),
    document: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('The body as a document tree (format=document)'),
  })
  .describe('The body, in the format asked for');
export type CommentBody = z.infer<typeof CommentBodySchema>;

/**
 * The stored markdown of a body as sent, read by the `UntrustedMarkdown` port (off the
 * request thread, under its budget) before anything else reads it. Outcomes (400 naming
 * `body`): a document tree that is not one (`body.document`), markdown beyond the parser's
 * limits or the budget, a body empty once normalized, or one over 64 KiB once normalized.
 */
export async function storedCommentBody(
  ctx: Pick<OperationContext, 'untrustedMarkdown' | 'repos'>,
  body: CommentBodyInput,
  organizationId: string,
  inSight: PeopleInSight,
): Promise<string> {
  const reading = await ctx.untrustedMarkdown.read(await markdownSent(ctx, body, organizationId, inSight));
  if (!reading.ok) throw invalidInput('body', reading.reason);
  // Without the final line break the printer ends every document with.
  const markdown = reading.markdown.trimEnd();
  if (markdown.trim() === '') throw invalidInput('body', 'a comment may not be empty');
  if (byteLength(markdown) > MAX_COMMENT_BODY_BYTES)
    throw invalidInput('body', `at most ${MAX_COMMENT_BODY_BYTES} bytes`);
  return markdown;
}

/**
 * The markdown of a body as sent: as is, or printed from its (schema-bounded) document tree,
 * its mentions of the organization's people the writer may see (`inSight`) written with their
 * display names, as GitBook writes them (`memberMentionNames`: one read; anyone else keeps the
 * link's URL).
 */
async function markdownSent(
  ctx: Pick<OperationContext, 'repos'>,
  body: CommentBodyInput,
  organizationId: string,
  inSight: PeopleInSight,
): Promise<string> {
  if ('markdown' in body) return body.markdown;
  const parsed = jsonDocumentSchema.safeParse(body.document);
  if (!parsed.success)
    throw invalidInput('body.document', parsed.error.issues[0]?.message ?? 'not a document');
  const userName = await memberNamesForDocument(ctx.repos.members, organizationId, parsed.data, inSight);
  return documentToMarkdown(parsed.data, { userName });
}

/**
 * A stored body in the format asked for. Its document tree comes from `documentOf`: the
 * documents of the bodies presented, gathered once per request off the request thread
 * (`storedTextDocuments`); given only when documents were asked for.
 */
export function presentCommentBody(
  markdown: string,
  format: CommentFormat,
  documentOf?: (markdown: string) => JSONDocument,
): CommentBody {
  if (format === 'document' && documentOf)
    return { document: documentOf(markdown) as unknown as Record<string, unknown> };
  return { markdown };
}
