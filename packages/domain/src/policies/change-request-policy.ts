/**
 * The change-request rule set: what each action on a space's change requests needs, as the
 * least effective role on the space (see `effective-role.ts`), for anyone and, where it
 * differs, for the change request's author. One table; the guard
 * (`authorize-change-request.ts`) reads it and nothing else checks these rules. The roles
 * are the space's own (`SPACE_RULES`), so a Space's `permissions` and these rules agree.
 *
 * 1. Who cannot view the space sees none of its change requests (the guard answers 404).
 * 2. An action is allowed to whoever's role on the space reaches the action's `role`.
 * 3. The author of a change request is also allowed an action with `authorRole` when the
 *    action has one and their role reaches it: who may edit may propose, and manage their
 *    own proposal (rename it, submit it for review, archive or reopen it); managing other
 *    people's proposals is the reviewers' call.
 */
import { type Role, roleAtLeast } from '../core/schemas';
import { SPACE_RULES } from './content-policy';

export const CHANGE_REQUEST_ACTIONS = ['view', 'create', 'update', 'editContent', 'merge'] as const;

export type ChangeRequestAction = (typeof CHANGE_REQUEST_ACTIONS)[number];

export interface ChangeRequestRule {
  /** The least role of anyone. */
  role: Role;
  /** The least role of the change request's author, when it is lower. */
  authorRole?: Role;
}

export const CHANGE_REQUEST_RULES: Record<ChangeRequestAction, ChangeRequestRule> = {
  // Listing and reading change requests: whoever may view the space.
  view: { role: SPACE_RULES.view },
  // Proposing edits: whoever may edit the space.
  create: { role: SPACE_RULES.edit },
  // PATCH (subject, status): its author with edit, anyone else with review.
  update: { role: SPACE_RULES.review, authorRole: SPACE_RULES.edit },
  // Editing its content: anyone who may edit the space contributes (and becomes a contributor).
  editContent: { role: SPACE_RULES.edit },
  // Merging it (and bringing it up to date): the space's merge right.
  merge: { role: SPACE_RULES.merge },
};

/** Whether a person with `role` on the space may take `action` (rules 2 and 3 above). */
export function changeRequestAllows(
  action: ChangeRequestAction,
  person: { role: Role | null; isAuthor: boolean },
): boolean {
  const rule = CHANGE_REQUEST_RULES[action];
  if (roleAtLeast(person.role, rule.role)) return true;
  return person.isAuthor && rule.authorRole !== undefined && roleAtLeast(person.role, rule.authorRole);
}
