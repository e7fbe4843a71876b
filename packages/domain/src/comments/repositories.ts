/** The repositories of the comments area, added to every operation's `ctx.repos`. */
import type { CommentReplyRepository, CommentRepository } from './ports';

export interface CommentsRepositories {
  comments: CommentRepository;
  commentReplies: CommentReplyRepository;
}

declare module '../core/context' {
  interface Repositories extends CommentsRepositories {}
}
