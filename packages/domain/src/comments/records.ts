/** What the repositories store for comments and their replies. */

/** GitBook's comment statuses: 'open' (under discussion) and 'resolved'. */
export type CommentStatus = 'open' | 'resolved';

/** One person's reaction with one emoji. */
export interface ReactionRecord {
  emoji: string;
  userId: string;
  reactedAt: string;
}

/**
 * The page a comment is about, as it was when the comment was posted: the page is shown
 * from the current content while it exists, from this copy once it went away, and the
 * comment is outdated when the page's body address is no longer `body`.
 */
export interface CommentPageRecord {
  id: string;
  /** Address of the page's body when the comment was posted. */
  body: string;
  title: string;
  emoji?: string;
  icon?: string;
  path: string;
  createdAt: string;
  updatedAt: string;
}

export interface CommentTargetRecord {
  page?: CommentPageRecord;
  /** Id of a node of the page's document (stored as given). */
  node?: string;
  tableCell?: { record: string; definition: string };
  /** The revision the comment was posted on (the space's, or the change request's, head). */
  revision: string;
}

export interface CommentRecord {
  id: string;
  spaceId: string;
  /** The change request it was posted in; null for a comment on the space itself. */
  changeRequestId: string | null;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  /** The body, stored once as normalized markdown; `format` chooses how it is shown. */
  body: string;
  target: CommentTargetRecord;
  /** One entry per person and emoji, in the order they reacted. */
  reactions: ReactionRecord[];
  /** How many replies it has (kept by the reply repository). */
  replies: number;
  status: CommentStatus;
  resolvedAt?: string;
  resolvedBy?: string;
}

export interface CommentReplyRecord {
  id: string;
  commentId: string;
  spaceId: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  body: string;
  reactions: ReactionRecord[];
}
