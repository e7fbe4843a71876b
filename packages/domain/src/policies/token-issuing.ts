/**
 * Whether a person may create an API token for themselves (`user.tokens.create`, the web
 * app's settings; instance administrators also issue them, `admin.tokens.create`). A token
 * reaches every organization of its person, those they join later included, whatever
 * provider those trust (`session-reach.ts`, rule 1), and outlives the credential that made it:
 * so it is made only where the person's own credential already reaches all of that.
 *
 * The rules, in order (the first that applies decides):
 * 1. Not a browser session (an API token, a site token), or a session opened with an API token
 *    (the sign-in page's "API token" tab): refused. A leaked token must not mint its own
 *    successor, which revoking it would not end.
 * 2. An instance administrator's session: may (their session reaches everything anyway).
 * 3. A session an identity provider opened: refused. It reaches only the organizations that
 *    trust that provider (`session-reach.ts`, rule 5); its token would reach the others, and
 *    whoever runs the provider could make one.
 * 4. A session an organization of the person refuses (it holds them to single sign-on): refused.
 *    The token would reach that organization without its provider.
 * 5. Otherwise (a password session every organization of the person accepts): may.
 */
import { type Caller, callerOf, type OperationContext } from '../core/context';
import { forbidden } from '../core/errors';
import { MAX_PAGE_LIMIT, type PageRequest } from '../core/paging';
import type { MemberRecord } from '../organizations/records';
import { SESSION_OF_ANOTHER_PROVIDER, SSO_REQUIRED, sessionReachesOrganizationOf } from './session-reach';

/** What the rules decide. */
export type TokenIssuing = 'may' | 'a-token' | 'provider-session' | 'refused-by-an-organization';

type IssuingCaller = Pick<Caller, 'sessionId' | 'openedThrough' | 'openedWithToken' | 'isInstanceAdmin'>;

/** Rule 1: the credential is an API token, or stands for one. */
const isToken = (caller: IssuingCaller): boolean =>
  caller.sessionId === undefined || caller.openedWithToken !== undefined;

/** Rules 1 to 3 decide nothing: rule 4 needs the person's organizations read. */
export function issuingNeedsOrganizations(caller: IssuingCaller): boolean {
  return !isToken(caller) && !caller.isInstanceAdmin && caller.openedThrough === undefined;
}

/** Every rule; `reachesEveryOrganization` (rule 4) matters only when `issuingNeedsOrganizations`. */
export function tokenIssuing(caller: IssuingCaller, reachesEveryOrganization: boolean): TokenIssuing {
  if (isToken(caller)) return 'a-token';
  if (caller.isInstanceAdmin) return 'may';
  if (caller.openedThrough !== undefined) return 'provider-session';
  if (!reachesEveryOrganization) return 'refused-by-an-organization';
  return 'may';
}

/** The first active membership of the caller whose organization refuses their session, if any. */
async function firstRefusingMembership(ctx: OperationContext): Promise<MemberRecord | undefined> {
  const { userId } = callerOf(ctx);
  let page: PageRequest = { limit: MAX_PAGE_LIMIT };
  for (;;) {
    const memberships = await ctx.repos.members.listMembershipsOfUser(userId, page);
    for (const membership of memberships.items) {
      if (membership.disabled) continue;
      if (!(await sessionReachesOrganizationOf(ctx, membership))) return membership;
    }
    if (!memberships.next) return undefined;
    page = { limit: MAX_PAGE_LIMIT, after: memberships.next };
  }
}

/** The guard of `user.tokens.create`: refuses (403) what the rules refuse, before anything is written. */
export async function assertMayIssueOwnToken(ctx: OperationContext): Promise<void> {
  const caller = callerOf(ctx);
  const refusing = issuingNeedsOrganizations(caller) ? await firstRefusingMembership(ctx) : undefined;
  const decision = tokenIssuing(caller, refusing === undefined);
  if (decision === 'may') return;
  if (decision === 'a-token')
    throw forbidden(
      'API tokens are created from a browser signed in with your password (your settings in the web app), not with another token or a session one opened',
    );
  if (decision === 'provider-session')
    throw forbidden(
      `${SESSION_OF_ANOTHER_PROVIDER}: a token reaches every organization of yours, whatever identity provider it trusts, so it is not created with a session an identity provider opened; sign in with your password to create one, or ask an instance administrator`,
    );
  const organization = refusing && (await ctx.repos.organizations.findById(refusing.organizationId));
  throw forbidden(
    `${SSO_REQUIRED}: ${organization?.title ?? 'one of your organizations'} is reached only through its identity provider, and a token would reach it without; ask an instance administrator for a token`,
  );
}
