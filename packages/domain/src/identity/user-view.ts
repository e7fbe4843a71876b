/**
 * What of a User resource a person sees, decided from the organization rule table.
 *
 * Why the email is not shown to everyone who sees the user: an organization's members list
 * shows every member's email, and the table reserves that list to `listMembers` (every
 * role, not guests). A guest sees who they work with by name and picture, but may not
 * collect the organization's addresses through another door. The user themselves and
 * instance administrators (whose /admin API shows every user whole) see the email too.
 */

import type { OperationContext } from '../core/context';
import { canOnOrganization, type OrganizationSubject } from '../policies/organization-policy';
import type { UserRecord } from './records';
import { presentUser, type User } from './user-schema';

/** 'full': the whole User; 'withoutEmail': the User without its email. */
export type UserView = 'full' | 'withoutEmail';

/**
 * What the holder of `membership` sees of the people of its organization: null when they
 * are not an active member (or guest) of it, and see nothing. The membership is typed as
 * the rule table takes it: identity runs before organizations and does not import it.
 */
export function userViewIn(membership: OrganizationSubject['member']): UserView | null {
  if (!canOnOrganization({ member: membership }, 'view')) return null;
  return canOnOrganization({ member: membership }, 'listMembers') ? 'full' : 'withoutEmail';
}

/** The User resource as seen with `view`. */
export function presentUserAs(ctx: Pick<OperationContext, 'urls'>, user: UserRecord, view: UserView): User {
  return userAsSeen(presentUser(ctx.urls, user), view);
}

/** A User resource, whole, as seen with `view` (a Member's user, made from its copy). */
export function userAsSeen(whole: User, view: UserView): User {
  if (view === 'full') return whole;
  const { email: _hidden, ...withoutEmail } = whole;
  return withoutEmail;
}
