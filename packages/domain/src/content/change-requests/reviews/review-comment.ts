/**
 * A review's comment: sent as `{markdown}` or `{document}` (GitBook's Document), stored as
 * markdown, shown in the `format` the reader asks for (a document tree kept by address, as a
 * comment's or a page body's is).
 */
import { documentToMarkdown, jsonDocumentSchema } from '@quire/documents';
import { z } from 'zod';
import { invalidInput } from '../../../core/errors';
import { addressOf } from '../../revisions/content-address';
import { documentOfBody } from '../../revisions/document-of-body';
import { MAX_REVIEW_COMMENT } from './limits';

export const ReviewCommentInputSchema = z
  .union([
    z.strictObject({
      markdown: z
        .string()
        .min(1)
        .max(MAX_REVIEW_COMMENT)
        .describe(`The comment as markdown (at most ${MAX_REVIEW_COMMENT} characters)`),
    }),
    z.strictObject({
      document: z.record(z.string(), z.unknown()).describe('The comment as a GitBook document tree'),
    }),
  ])
  .describe('A comment sent with the review: {markdown} or {document}');
export type ReviewCommentInput = z.infer<typeof ReviewCommentInputSchema>;

export const ReviewFormatSchema = z
  .enum(['markdown', 'document'])
  .optional()
  .describe("Format of a review's comment in the answer: markdown (the default) or document");
export type ReviewFormat = z.infer<typeof ReviewFormatSchema>;

/**
 * The markdown stored for a comment as sent (400 naming `comment.document` or `comment`); a
 * tree's member mentions are written with the names `userName` gives (`memberNamesForDocument`),
 * else with their URL.
 */
export function storedReviewComment(
  comment: ReviewCommentInput,
  userName?: (userId: string) => string | undefined,
): string {
  if ('markdown' in comment) return comment.markdown;
  const parsed = jsonDocumentSchema.safeParse(comment.document);
  if (!parsed.success)
    throw invalidInput('comment.document', parsed.error.issues[0]?.message ?? 'not a document');
  const markdown = documentToMarkdown(parsed.data, { userName }).trimEnd();
  if (markdown.trim() === '') throw invalidInput('comment', 'a comment may not be empty');
  if (markdown.length > MAX_REVIEW_COMMENT)
    throw invalidInput('comment', `at most ${MAX_REVIEW_COMMENT} characters`);
  return markdown;
}

/** A stored comment in the format asked for. */
export function presentReviewComment(
  markdown: string,
  format: ReviewFormat,
): { markdown?: string; document?: Record<string, unknown> } {
  if (format !== 'document') return { markdown };
  return {
    document: documentOfBody(addressOf({ kind: 'body', markdown }), markdown) as unknown as Record<
      string,
      unknown
    >,
  };
}
