/**
 * Whether the caller's credential reaches an organization they are an active member of: the
 * access-time half of single sign-on enforcement (the sign-in half is
 * `organizations/sso/sso-enforcement.ts`). A browser session opens every organization of its
 * person, so refusing a password at sign-in could not hold a person who also belongs to
 * organizations that do not trust the same identity provider: they had to be let in with
 * their password, and that session then opened the enforcing organization too. Here each
 * organization decides, at every request, whether the session in hand is one it accepts.
 *
 * The rules, in order (the first that applies decides):
 * 1. Not a browser session (an API token, a site token): reaches. API tokens are issued by
 *    instance administrators and keep working under enforced SSO, as GitBook's do.
 * 2. An instance administrator: reaches. The instance must stay reachable when a provider is
 *    down or misconfigured (and no provider ever signs an administrator in).
 * 3. The organization does not hold the person: neither its `sso` setting is on nor is their
 *    membership an SSO member: reaches.
 * 4. The organization has no active provider: reaches. There is no provider to send them to;
 *    it holds its people at sign-in only, as before.
 * 5. The session was opened through a provider whose authority the organization trusts
 *    (one of its active providers has it): reaches.
 * 6. Otherwise (a password, a mailed link, a token exchanged for a session, or another
 *    authority's provider): refused, for this organization only (403 `SSO_REQUIRED`); the
 *    session goes on reaching the person's other organizations.
 *
 * Unlike the sign-in refusal, an organization holds here a member its providers could not
 * sign in (a member of other organizations that do not trust its authority,
 * `provider-speaks-for.ts`): refusing them the password would have shut them out of every
 * organization; refusing the session here shuts them out of this one only, which is what the
 * organization asked for. They reach it with an API token until their other organizations
 * trust its provider.
 *
 * Rules 1 to 3 read what the request already holds (the session, the organization and
 * membership records); the authorities (two reads) are read only when the organization holds
 * the person, and never cached: a provider switched off, or `sso` switched on, counts from
 * the next request.
 */
import type { Caller, OperationContext } from '../core/context';
import { forbidden } from '../core/errors';
import type { MemberRecord, OrganizationRecord } from '../organizations/records';
import { activeAuthoritiesOf } from './sso-authorities';

/** The start of the refusals of single sign-on: the web app recognizes them by this. */
export const SSO_REQUIRED = 'Single sign-on required';

export interface SessionReachInput {
  caller: Pick<Caller, 'sessionId' | 'openedThrough' | 'isInstanceAdmin'>;
  organization: Pick<OrganizationRecord, 'sso'>;
  member: Pick<MemberRecord, 'sso'>;
}

/** Rules 1 and 2: whether any organization may hold the caller's credential. */
function credentialMayBeHeld(caller: SessionReachInput['caller']): boolean {
  if (caller.sessionId === undefined) return false;
  return !caller.isInstanceAdmin;
}

/** Rules 1 to 3: whether the organization holds this caller to its providers. */
export function organizationHoldsSession({ caller, organization, member }: SessionReachInput): boolean {
  return credentialMayBeHeld(caller) && (organization.sso || member.sso);
}

/** Every rule: whether the caller reaches the organization, given its providers' authorities. */
export function sessionReaches(input: SessionReachInput, trusted: ReadonlySet<string>): boolean {
  if (!organizationHoldsSession(input)) return true;
  if (trusted.size === 0) return true;
  const authority = input.caller.openedThrough?.authority;
  return authority !== undefined && trusted.has(authority);
}

/**
 * The guard: refuses (403) a caller whose session the organization does not accept. Called
 * by the guards that turn the caller's membership into access (`authorizeOrganization`,
 * `authorizeSpace`, `authorizeCollection`, `authorizeJob`, `authorizeOpenApiSpec`), once the
 * membership is known to be active.
 */
export async function assertSessionReaches(
  ctx: OperationContext,
  organization: Pick<OrganizationRecord, 'id' | 'title' | 'sso'>,
  member: Pick<MemberRecord, 'sso'>,
): Promise<void> {
  if (await reaches(ctx, organization, member)) return;
  throw forbidden(
    `${SSO_REQUIRED}: ${organization.title} is reached only by signing in through its identity provider (choose it on the sign-in page)`,
  );
}

/**
 * The same rules, answered instead of refused: for a member's preview of a site, where a
 * session the organization does not accept makes its caller a visitor like any other (what
 * the site publishes stays readable). The organization is read only for a browser session
 * that is not an instance administrator's (rules 1 and 2 need nothing).
 */
export async function sessionReachesOrganizationOf(
  ctx: Pick<OperationContext, 'caller' | 'repos'>,
  member: Pick<MemberRecord, 'organizationId' | 'sso'>,
): Promise<boolean> {
  if (!ctx.caller || !credentialMayBeHeld(ctx.caller)) return true;
  const organization = await ctx.repos.organizations.findById(member.organizationId);
  return organization === null || (await reaches(ctx, organization, member));
}

async function reaches(
  ctx: Pick<OperationContext, 'caller' | 'repos'>,
  organization: Pick<OrganizationRecord, 'id' | 'sso'>,
  member: Pick<MemberRecord, 'sso'>,
): Promise<boolean> {
  const caller = ctx.caller;
  if (!caller) return true;
  const input = { caller, organization, member };
  if (!organizationHoldsSession(input)) return true;
  return sessionReaches(input, await activeAuthoritiesOf(ctx, organization.id));
}
