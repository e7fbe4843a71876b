/**
 * What a comment is about: the space (or change request) and revision it was posted on, and
 * optionally a page, a node of the page's document, a table cell. A page is shown from the
 * current content while it exists, and the comment is `outdated` once the page's body
 * changed or the page went away.
 */
import { z } from 'zod';
import type { PageIndex } from '../content';
import { invalidInput } from '../core/errors';
import { IdSchema, TimestampSchema } from '../core/schemas';
import type { CommentPageRecord, CommentRecord, CommentTargetRecord } from './records';

export const TableCellSchema = z
  .strictObject({
    record: IdSchema.describe('Id of the record (row)'),
    definition: IdSchema.describe('Id of the definition (column)'),
  })
  .describe('The table cell the comment is about');

/** The target fields of a post: all optional (a comment may be about the whole content). */
export const commentTargetInputShape = {
  page: IdSchema.optional().describe('Id of the page the comment is about'),
  node: IdSchema.optional().describe("Id of the node of the page's document the comment is about"),
  tableCell: TableCellSchema.optional(),
};

export const CommentTargetSchema = z
  .object({
    space: z.string().describe('Id of the space'),
    changeRequest: z.string().optional().describe('Id of the change request, for a comment posted in one'),
    revision: z.string().describe('Id of the revision the comment was posted on'),
    page: z
      .object({
        id: z.string().describe('Id of the page'),
        title: z.string().describe('Title of the page'),
        emoji: z.string().optional().describe('Emoji of the page'),
        icon: z.string().optional().describe('Icon of the page'),
        createdAt: TimestampSchema.describe('When the page was created'),
        updatedAt: TimestampSchema.describe('When the page last changed'),
        path: z.string().describe('Path of the page'),
        outdated: z
          .boolean()
          .describe('True when the page changed or went away since the comment was posted'),
      })
      .optional()
      .describe('The page the comment is about'),
    node: z
      .object({ id: z.string().describe('Id of the node') })
      .optional()
      .describe('The node it is about'),
    tableCell: z
      .object({ record: z.string(), definition: z.string() })
      .optional()
      .describe('The table cell it is about'),
  })
  .describe('What the comment is about');
export type CommentTarget = z.infer<typeof CommentTargetSchema>;

/**
 * The target record of a post on content whose pages are `index`. Outcomes: a `page` that is
 * not a page of that content, 400 naming `page`; a `node` without a `page`, 400 naming `node`.
 */
export function commentTargetOf(
  input: { page?: string; node?: string; tableCell?: { record: string; definition: string } },
  index: PageIndex,
  revision: string,
): CommentTargetRecord {
  const target: CommentTargetRecord = { revision };
  if (input.node !== undefined && input.page === undefined)
    throw invalidInput('node', 'a node is named within a page: give its page too');
  if (input.page !== undefined) {
    const page = index.pages.get(input.page);
    if (!page) throw invalidInput('page', 'no such page in this content');
    target.page = {
      id: page.id,
      body: page.body,
      title: page.title,
      ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
      ...(page.icon !== undefined ? { icon: page.icon } : {}),
      path: index.paths.get(page.id) ?? page.slug,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
    };
  }
  if (input.node !== undefined) target.node = input.node;
  if (input.tableCell !== undefined) target.tableCell = { ...input.tableCell };
  return target;
}

/** The target as shown, its page read from the current content `index`. */
export function presentCommentTarget(
  comment: Pick<CommentRecord, 'spaceId' | 'changeRequestId' | 'target'>,
  index: PageIndex,
): CommentTarget {
  const { target } = comment;
  const resource: CommentTarget = { space: comment.spaceId, revision: target.revision };
  if (comment.changeRequestId !== null) resource.changeRequest = comment.changeRequestId;
  if (target.page !== undefined) resource.page = presentTargetPage(target.page, index);
  if (target.node !== undefined) resource.node = { id: target.node };
  if (target.tableCell !== undefined) resource.tableCell = { ...target.tableCell };
  return resource;
}

function presentTargetPage(posted: CommentPageRecord, index: PageIndex): NonNullable<CommentTarget['page']> {
  const current = index.pages.get(posted.id);
  const shown = current ?? posted;
  return {
    id: posted.id,
    title: shown.title,
    ...(shown.emoji !== undefined ? { emoji: shown.emoji } : {}),
    ...(shown.icon !== undefined ? { icon: shown.icon } : {}),
    createdAt: shown.createdAt,
    updatedAt: shown.updatedAt,
    path: current ? (index.paths.get(current.id) ?? current.slug) : posted.path,
    outdated: current === undefined || current.body !== posted.body,
  };
}
