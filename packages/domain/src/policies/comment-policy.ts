/**
 * The comment rule set: what each action on the comments of a space or of a change request
 * needs, as the least effective role on the space (see `effective-role.ts`), for anyone and,
 * where it differs, for the comment's (or reply's) author. One table; the guards
 * (`authorize-comment.ts`) and the `permissions` object of every Comment and CommentReply
 * read it, and nothing else checks these rules. The roles are the space's own
 * (`SPACE_RULES`), so a Space's `permissions.comment` and these rules agree.
 *
 * 1. Who cannot view the space sees none of its comments (the guards answer 404).
 * 2. An action is allowed to whoever's role on the space reaches the action's `role`.
 * 3. The author of a comment or reply is also allowed an action with `authorRole` when the
 *    action has one and their role reaches it: authors edit and delete their own words while
 *    they may still comment; nobody edits someone else's.
 */
import { type Role, roleAtLeast } from '../core/schemas';
import { SPACE_RULES } from './content-policy';

export const COMMENT_ACTIONS = ['view', 'post', 'reply', 'react', 'resolve', 'edit', 'delete'] as const;

export type CommentAction = (typeof COMMENT_ACTIONS)[number];

export interface CommentRule {
  /** The least role of anyone; absent: nobody but the author. */
  role?: Role;
  /** The least role of the author, when the author may do more than others. */
  authorRole?: Role;
}

export const COMMENT_RULES: Record<CommentAction, CommentRule> = {
  // Reading comments and replies: whoever may view the space (a reader sees them).
  view: { role: SPACE_RULES.view },
  // Posting a comment, replying, reacting: the space's comment right.
  post: { role: SPACE_RULES.comment },
  reply: { role: SPACE_RULES.comment },
  react: { role: SPACE_RULES.comment },
  // Resolving and reopening a thread is part of the discussion: whoever may comment.
  resolve: { role: SPACE_RULES.comment },
  // Changing the words: their author alone, while they may still comment.
  edit: { authorRole: SPACE_RULES.comment },
  // Removing: the author while they may still comment; an admin of the space, anyone's.
  delete: { role: SPACE_RULES.admin, authorRole: SPACE_RULES.comment },
};

/** Whether a person with `role` on the space may take `action` (rules 2 and 3 above). */
export function commentAllows(
  action: CommentAction,
  person: { role: Role | null; isAuthor: boolean },
): boolean {
  const rule = COMMENT_RULES[action];
  if (rule.role !== undefined && roleAtLeast(person.role, rule.role)) return true;
  return person.isAuthor && rule.authorRole !== undefined && roleAtLeast(person.role, rule.authorRole);
}

/** The `permissions` object of a Comment or CommentReply for a person. */
export interface CommentPermissions {
  view: boolean;
  edit: boolean;
  reply: boolean;
  react: boolean;
  resolve: boolean;
  delete: boolean;
}

export function commentPermissions(person: { role: Role | null; isAuthor: boolean }): CommentPermissions {
  return {
    view: commentAllows('view', person),
    edit: commentAllows('edit', person),
    reply: commentAllows('reply', person),
    react: commentAllows('react', person),
    resolve: commentAllows('resolve', person),
    delete: commentAllows('delete', person),
  };
}
