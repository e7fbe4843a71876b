/**
 * What a PATCH may do to a change request in each status: one pure function, read by the
 * update operation and nothing else. GitBook's document shows only that draft and open
 * change requests take a `status` (with `subject` in the same call); the rest is chosen as a
 * docs team expects of a review tool:
 *
 * 1. A merged change request is final: a PATCH that changes anything is refused.
 * 2. An archived change request is set aside: it takes a move back to draft or open (its
 *    subject and description may change in the same call), and nothing else, so it cannot be edited while
 *    archived (content edits are refused too: the content operations read `acceptsEdits`).
 * 3. Draft and open change requests move freely among draft, open and archived, and take a
 *    new subject and description.
 * 4. A status equal to the current one is no move (and no refusal).
 *
 * | current  | subject, description | -> draft | -> open | -> archived |
 * |----------|---------|----------|---------|-------------|
 * | draft    | yes     | (same)   | yes     | yes         |
 * | open     | yes     | yes      | (same)  | yes         |
 * | archived | only with a move out | yes | yes | (same)  |
 * | merged   | no      | no       | no      | no          |
 */
import type { SettableChangeRequestStatus } from './change-request-fields';
import type { ChangeRequestStatus } from './records';

export interface ChangeRequestChange {
  subject?: string | undefined;
  /** A new description (its form does not matter here: only whether one is given). */
  description?: unknown;
  status?: SettableChangeRequestStatus | undefined;
}

/** Why the change is refused (a 409), or null when it is allowed. Rules as numbered above. */
export function patchRefusal(current: ChangeRequestStatus, change: ChangeRequestChange): string | null {
  const edits = change.subject !== undefined || change.description !== undefined;
  const changesSomething = edits || change.status !== undefined;
  // Rule 1.
  if (current === 'merged') {
    return changesSomething ? 'The change request is merged: it can no longer be changed' : null;
  }
  if (current === 'archived') {
    // Rule 2 (rule 4: `status: 'archived'` alone is no move).
    const reopens = change.status === 'draft' || change.status === 'open';
    if (edits && !reopens) {
      return 'The change request is archived: reopen it (status draft or open) to change it';
    }
  }
  // Rules 3 and 4.
  return null;
}

/** Whether the content of a change request in this status may be edited (rules 1 and 2). */
export const acceptsEdits = (status: ChangeRequestStatus): boolean => status === 'draft' || status === 'open';
