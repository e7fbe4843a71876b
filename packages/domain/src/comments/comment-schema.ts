/** The Comment and CommentReply resources as GitBook's API has them, and their presenters. */
import type { JSONDocument } from '@quire/documents';
import { z } from 'zod';
import type { PageIndex } from '../content';
import { changeRequestLocation, spaceLocation } from '../content';
import type { PublicUrls } from '../core/context';
import { TimestampSchema, UrlSchema } from '../core/schemas';
import { type User, UserSchema } from '../identity';
import type { CommentPermissions } from '../policies/comment-policy';
import { CommentBodySchema, type CommentFormat, presentCommentBody } from './comment-body';
import { CommentTargetSchema, presentCommentTarget } from './comment-target';
import { EmojiReactionSchema, presentReactions } from './reactions';
import type { CommentRecord, CommentReplyRecord } from './records';

export const CommentStatusSchema = z
  .enum(['open', 'resolved'])
  .describe('Status of the comment: open, or resolved');

const CommentPermissionsSchema = z
  .object({
    view: z.boolean().describe('May view it'),
    edit: z.boolean().describe('May change its body'),
    reply: z.boolean().describe('May reply to it'),
    react: z.boolean().describe('May react to it with an emoji'),
    resolve: z.boolean().describe('May resolve or reopen it (the thread of a comment)'),
    delete: z.boolean().describe('May delete it'),
  })
  .describe('What the caller may do with it');

const postedFields = {
  id: z.string().describe('Id'),
  postedBy: UserSchema,
  postedAt: TimestampSchema.describe('When it was posted'),
  editedAt: TimestampSchema.optional().describe('When its body last changed, once it has'),
  reactions: z.array(EmojiReactionSchema).describe('Emoji reactions, one entry per emoji'),
  body: CommentBodySchema,
  urls: z.object({ location: UrlSchema.describe('Location in the API') }).describe('Absolute URLs'),
  permissions: CommentPermissionsSchema,
};

export const CommentSchema = z
  .object({
    object: z.literal('comment').describe('Always "comment"'),
    ...postedFields,
    replies: z.number().int().min(0).describe('Number of replies'),
    target: CommentTargetSchema,
    status: CommentStatusSchema,
    resolvedAt: TimestampSchema.optional().describe('When it was resolved (only while resolved)'),
    resolvedBy: UserSchema.optional(),
  })
  .meta({ id: 'Comment', description: 'A comment on a space or a change request' });
export type Comment = z.infer<typeof CommentSchema>;

export const CommentReplySchema = z
  .object({ object: z.literal('comment-reply').describe('Always "comment-reply"'), ...postedFields })
  .meta({ id: 'CommentReply', description: 'A reply to a comment' });
export type CommentReply = z.infer<typeof CommentReplySchema>;

/** What presenting comments needs beyond their records. */
export interface CommentSetting {
  urls: PublicUrls;
  format: CommentFormat;
  /** The document of a body presented (format `document` only: `storedTextDocuments`). */
  documentOf?: (markdown: string) => JSONDocument;
  /** The User resource of a user id (`commentPeople`). */
  userOf(userId: string): User;
  /** The caller's permissions on a comment or reply by its author. */
  permissionsOf(authorId: string): CommentPermissions;
  /** The pages of the content the comments are on now (the space's, or the change request's). */
  index: PageIndex;
}

export function commentLocation(
  urls: PublicUrls,
  comment: Pick<CommentRecord, 'id' | 'spaceId' | 'changeRequestId'>,
) {
  const base =
    comment.changeRequestId === null
      ? spaceLocation(urls, comment.spaceId)
      : changeRequestLocation(urls, comment.spaceId, comment.changeRequestId);
  return `${base}/comments/${comment.id}`;
}

export function presentComment(comment: CommentRecord, setting: CommentSetting): Comment {
  const resource: Comment = {
    object: 'comment',
    id: comment.id,
    postedBy: setting.userOf(comment.postedBy),
    postedAt: comment.postedAt,
    reactions: presentReactions(comment.reactions, setting.userOf),
    replies: Math.max(0, comment.replies),
    body: presentCommentBody(comment.body, setting.format, setting.documentOf),
    target: presentCommentTarget(comment, setting.index),
    urls: { location: commentLocation(setting.urls, comment) },
    permissions: setting.permissionsOf(comment.postedBy),
    status: comment.status,
  };
  if (comment.editedAt !== undefined) resource.editedAt = comment.editedAt;
  if (comment.resolvedAt !== undefined) resource.resolvedAt = comment.resolvedAt;
  if (comment.resolvedBy !== undefined) resource.resolvedBy = setting.userOf(comment.resolvedBy);
  return resource;
}

export function presentCommentReply(
  comment: Pick<CommentRecord, 'id' | 'spaceId' | 'changeRequestId'>,
  reply: CommentReplyRecord,
  setting: Pick<CommentSetting, 'urls' | 'format' | 'documentOf' | 'userOf' | 'permissionsOf'>,
): CommentReply {
  const resource: CommentReply = {
    object: 'comment-reply',
    id: reply.id,
    postedBy: setting.userOf(reply.postedBy),
    postedAt: reply.postedAt,
    reactions: presentReactions(reply.reactions, setting.userOf),
    body: presentCommentBody(reply.body, setting.format, setting.documentOf),
    urls: { location: `${commentLocation(setting.urls, comment)}/replies/${reply.id}` },
    permissions: setting.permissionsOf(reply.postedBy),
  };
  if (reply.editedAt !== undefined) resource.editedAt = reply.editedAt;
  return resource;
}
