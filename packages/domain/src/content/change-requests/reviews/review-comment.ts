/**
 * A review's comment: sent as `{markdown}` or `{document}` (GitBook's Document), stored as
 * markdown once the `UntrustedMarkdown` port read it (as a comment's body is: off the request
 * thread, under its budget, normalized), shown in the `format` the reader asks for (a
 * document tree stored by address, as a comment's or a page body's is: `storedTextDocuments`,
 * a list's missing ones converted in one task of the markdown threads). Stored as sent, a text
 * built to be slow to parse (`*a**` repeated) cost every reader asking for documents about
 * half a second of the request thread per review, converted on it.
 */
import { documentToMarkdown, type JSONDocument, jsonDocumentSchema } from '@quire/documents';
import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { invalidInput } from '../../../core/errors';
import { storedTextDocuments } from '../../revisions/stored-text-documents';
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
 * The markdown of a comment as sent: as is, or printed from its document tree (400 naming
 * `comment.document` when it is none); a tree's member mentions are written with the names
 * `userName` gives (`memberNamesForDocument`), else with their URL.
 */
export function sentReviewComment(
  comment: ReviewCommentInput,
  userName?: (userId: string) => string | undefined,
): string {
  if ('markdown' in comment) return comment.markdown;
  const parsed = jsonDocumentSchema.safeParse(comment.document);
  if (!parsed.success)
    throw invalidInput('comment.document', parsed.error.issues[0]?.message ?? 'not a document');
  return documentToMarkdown(parsed.data, { userName });
}

/**
 * The markdown stored for a comment as sent (`sentReviewComment`), read by the
 * `UntrustedMarkdown` port before anything else reads it. Outcomes (400 naming `comment`):
 * markdown beyond the parser's limits or the budget, a comment empty once normalized, or one
 * over `MAX_REVIEW_COMMENT` characters once normalized.
 */
export async function storedReviewComment(
  ctx: Pick<OperationContext, 'untrustedMarkdown'>,
  sent: string,
): Promise<string> {
  const reading = await ctx.untrustedMarkdown.read(sent);
  if (!reading.ok) throw invalidInput('comment', reading.reason);
  // Without the final line break the printer ends every document with.
  const markdown = reading.markdown.trimEnd();
  if (markdown.trim() === '') throw invalidInput('comment', 'a comment may not be empty');
  if (markdown.length > MAX_REVIEW_COMMENT)
    throw invalidInput('comment', `at most ${MAX_REVIEW_COMMENT} characters`);
  return markdown;
}

/**
 * The documents of the reviews' comments, when documents are asked for (`storedTextDocuments`:
 * off the request thread); undefined otherwise.
 */
export async function reviewCommentDocuments(
  ctx: Pick<OperationContext, 'repos' | 'untrustedMarkdown'>,
  reviews: ReadonlyArray<{ comment?: string }>,
  format: ReviewFormat,
): Promise<((markdown: string) => JSONDocument) | undefined> {
  if (format !== 'document') return undefined;
  return storedTextDocuments(
    ctx,
    reviews.flatMap((review) => (review.comment === undefined ? [] : [review.comment])),
  );
}

/** A stored comment in the format asked for (its document from `reviewCommentDocuments`). */
export function presentReviewComment(
  markdown: string,
  format: ReviewFormat,
  documentOf?: (markdown: string) => JSONDocument,
): { markdown?: string; document?: Record<string, unknown> } {
  if (format !== 'document' || !documentOf) return { markdown };
  return { document: documentOf(markdown) as unknown as Record<string, unknown> };
}
