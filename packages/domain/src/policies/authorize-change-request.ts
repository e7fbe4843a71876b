/**
 * The guards of the change-request operations, from the space's effective role and the
 * change-request rule table (`CHANGE_REQUEST_RULES`), and the one resolver of the
 * `changeRequestId` path parameter (an id or a number) that every change-request operation
 * uses.
 */

import type { ChangeRequestRecord } from '../content/change-requests/records';
import { callerOf, type OperationContext } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { type AuthorizedSpace, authorizeSpace } from './authorize-space';
import {
  CHANGE_REQUEST_RULES,
  type ChangeRequestAction,
  type ChangeRequestPerson,
  changeRequestAllows,
} from './change-request-policy';

/** A number as GitBook's paths carry it: decimal digits, no sign, no leading zero. */
const CHANGE_REQUEST_NUMBER = /^[1-9][0-9]{0,14}$/;

/**
 * The change request of `space` that `idOrNumber` names: its number (decimal digits) or its
 * id. One of another space, or none, is not found.
 */
export async function findChangeRequestOf(
  ctx: Pick<OperationContext, 'repos'>,
  space: { id: string },
  idOrNumber: string,
): Promise<ChangeRequestRecord> {
  const changeRequest = CHANGE_REQUEST_NUMBER.test(idOrNumber)
    ? await ctx.repos.changeRequests.findByNumber(space.id, Number(idOrNumber))
    : await ctx.repos.changeRequests.findById(idOrNumber);
  if (!changeRequest || changeRequest.spaceId !== space.id) throw notFound('Change request');
  return changeRequest;
}

const refused = (action: ChangeRequestAction) =>
  forbidden(`Your role on this space does not allow this on its change requests: ${action}`);

/**
 * Loads a space for an action on its change requests as a whole (list, create). A space the
 * caller cannot view (or a deleted one) is not found; a role too low is forbidden.
 */
export async function authorizeChangeRequests(
  ctx: OperationContext,
  spaceId: string,
  action: ChangeRequestAction,
): Promise<AuthorizedSpace> {
  const authorized = await authorizeSpace(ctx, spaceId, 'view');
  if (!changeRequestAllows(action, { role: authorized.role, isAuthor: false })) throw refused(action);
  return authorized;
}

export interface AuthorizedChangeRequest extends AuthorizedSpace {
  changeRequest: ChangeRequestRecord;
  /** How the caller stands to it, as the rule table reads it. */
  person: ChangeRequestPerson;
}

/**
 * Loads a change request of a space for an action. A space the caller cannot view, or a
 * change request it does not hold, is not found; a role too low (rule 3: the author's own
 * role counts for their change request; rule 4: a requested reviewer's; rule 5: the author
 * never reviews their own) is forbidden.
 */
export async function authorizeChangeRequest(
  ctx: OperationContext,
  target: { spaceId: string; changeRequestId: string },
  action: ChangeRequestAction,
): Promise<AuthorizedChangeRequest> {
  const authorized = await authorizeSpace(ctx, target.spaceId, 'view');
  const changeRequest = await findChangeRequestOf(ctx, authorized.space, target.changeRequestId);
  const userId = callerOf(ctx).userId;
  const isAuthor = changeRequest.createdBy === userId;
  // Read only for an action a requested reviewer may take (rule 4): the others cost no query.
  const isRequestedReviewer =
    CHANGE_REQUEST_RULES[action].requestedRole !== undefined &&
    (await ctx.repos.changeRequestReviewers.find(changeRequest.id, userId)) !== null;
  const person: ChangeRequestPerson = { role: authorized.role, isAuthor, isRequestedReviewer };
  if (!changeRequestAllows(action, person)) throw refused(action);
  return { ...authorized, changeRequest, person };
}
