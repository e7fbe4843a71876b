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
 *    own proposal (rename it, submit it for review, archive or reopen it, ask for
 *    reviewers); managing other people's proposals is the reviewers' call.
 * 4. A requested reviewer of a change request is also allowed an action with `requestedRole`
 *    when the action has one and their role reaches it: GitBook lets "requested reviewers or
 *    users with space review permissions" submit a review. A reader never reviews.
 * 5. An action marked `notByAuthor` is refused to the change request's author whatever their
 *    role: nobody approves (or asks changes of) their own proposal.
 */
import { type Role, roleAtLeast } from '../core/schemas';
import { SPACE_RULES } from './content-policy';

export const CHANGE_REQUEST_ACTIONS = [
  'view',
  'create',
  'update',
  'editContent',
  'merge',
  'review',
  'requestReviewers',
] as const;

export type ChangeRequestAction = (typeof CHANGE_REQUEST_ACTIONS)[number];

export interface ChangeRequestRule {
  /** The least role of anyone. */
  role: Role;
  /** The least role of the change request's author, when it is lower. */
  authorRole?: Role;
  /** The least role of a requested reviewer of the change request, when it is lower. */
  requestedRole?: Role;
  /** Refused to the change request's author, whatever their role (rule 5). */
  notByAuthor?: true;
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
  // Approving or asking for changes: the space's review right, or a requested reviewer who may
  // at least comment; never the author.
  review: { role: SPACE_RULES.review, requestedRole: SPACE_RULES.comment, notByAuthor: true },
  // Asking people for a review (and taking the request back): as a PATCH.
  requestReviewers: { role: SPACE_RULES.review, authorRole: SPACE_RULES.edit },
};

/** Who asks: their role on the space and how they stand to the change request. */
export interface ChangeRequestPerson {
  role: Role | null;
  isAuthor: boolean;
  /** Whether they are a requested reviewer of it (rule 4). */
  isRequestedReviewer?: boolean;
}

export type ChangeRequestPermissions = Record<ChangeRequestAction, boolean>;

/** Whether a person with `role` on the space may take `action` (rules 2 to 5 above). */
export function changeRequestAllows(action: ChangeRequestAction, person: ChangeRequestPerson): boolean {
  const rule = CHANGE_REQUEST_RULES[action];
  if (rule.notByAuthor && person.isAuthor) return false;
  if (roleAtLeast(person.role, rule.role)) return true;
  if (person.isAuthor && rule.authorRole !== undefined && roleAtLeast(person.role, rule.authorRole))
    return true;
  return (
    person.isRequestedReviewer === true &&
    rule.requestedRole !== undefined &&
    roleAtLeast(person.role, rule.requestedRole)
  );
}

/** What a person may do with a change request: the same table, as the web app's buttons read it. */
export function changeRequestPermissions(person: ChangeRequestPerson): ChangeRequestPermissions {
  return Object.fromEntries(
    CHANGE_REQUEST_ACTIONS.map((action) => [action, changeRequestAllows(action, person)]),
  ) as ChangeRequestPermissions;
}
