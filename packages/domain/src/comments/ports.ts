import type { PageRequest, Slice } from '../core/paging';
import type { ReactionChange } from './reactions';
import type { CommentRecord, CommentReplyRecord, CommentStatus } from './records';

/** Where comments live: a space itself (`changeRequestId` null) or one of its change requests. */
export interface CommentScope {
  spaceId: string;
  changeRequestId: string | null;
}

/** What a list of comments keeps. */
export interface CommentFilter {
  status?: CommentStatus;
  /** Only the comments on this page. */
  targetPage?: string;
  /** Only the comments these users posted. */
  authors?: readonly string[];
}

/** What an update of a comment may change. */
export interface CommentChanges {
  body?: string;
  editedAt?: string;
  reactions?: ReactionChange;
  /** A status change: resolving sets who and when, reopening clears them. */
  status?: { status: 'resolved'; resolvedAt: string; resolvedBy: string } | { status: 'open' };
}

/**
 * Comments, and the open-comment counters that follow them: the space's `counters.comments`
 * for comments on the space, the change request's `comments` for comments in it. Every write
 * that adds an open comment, resolves, reopens or removes one moves the counter by `$inc`
 * after the comment itself is written; a crash between the two leaves it off by one.
 */
export interface CommentRepository {
  /** Writes a new comment, then counts it when open. */
  insert(comment: CommentRecord): Promise<void>;
  findById(id: string): Promise<CommentRecord | null>;
  /** The comments of a scope, keyset-paged on the id (ids are time-ordered): `order` 'desc' is newest first. */
  list(
    scope: CommentScope,
    filter: CommentFilter,
    order: 'asc' | 'desc',
    page: PageRequest,
  ): Promise<Slice<CommentRecord>>;
  count(scope: CommentScope, filter: CommentFilter): Promise<number>;
  /**
   * Applies `changes`, then moves the counter when the status changed. Returns the comment
   * as it is after, or null when it no longer exists.
   */
  update(id: string, changes: CommentChanges): Promise<CommentRecord | null>;
  /** Removes a comment and its replies, then uncounts it when it was open; false when none was there. */
  remove(id: string): Promise<boolean>;
  /** The ids of the people who posted a comment of the scope or a reply to one, each once, sorted. */
  commenters(scope: CommentScope): Promise<string[]>;
}

/** What an update of a reply may change. */
export interface CommentReplyChanges {
  body?: string;
  editedAt?: string;
  reactions?: ReactionChange;
}

/** Replies to comments; each write moves its comment's `replies` by `$inc` after it. */
export interface CommentReplyRepository {
  insert(reply: CommentReplyRecord): Promise<void>;
  findById(id: string): Promise<CommentReplyRecord | null>;
  /** The replies of a comment, oldest first, keyset-paged on the id. */
  list(commentId: string, page: PageRequest): Promise<Slice<CommentReplyRecord>>;
  count(commentId: string): Promise<number>;
  update(id: string, changes: CommentReplyChanges): Promise<CommentReplyRecord | null>;
  /** Removes a reply, then uncounts it from its comment; false when none was there. */
  remove(id: string): Promise<boolean>;
}
