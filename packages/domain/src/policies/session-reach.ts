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
 * 3. The session was opened through a provider whose authority the organization trusts (one
 *    of its active providers has it): reaches.
 * 4. The organization holds the person (its `sso` setting is on, or their membership is an
 *    SSO member) and has an active provider: refused (403 `SSO_REQUIRED`, for this
 *    organization only): a password, a mailed link, a token exchanged for a session, or
 *    another authority's provider. The way in is one of its providers.
 * 5. The session was opened through a provider (of an authority the organization does not
 *    trust): refused (403 `SESSION_OF_ANOTHER_PROVIDER`). *Decision (twenty-third session):*
 *    a session a provider opened reaches only the organizations trusting its authority, so
 *    that a provider may sign in a member of organizations that do not trust it
 *    (`provider-speaks-for.ts`) without whoever runs it reaching those: they are reached
 *    with the person's password (or their own providers).
 * 6. Otherwise (a password session, at an organization that does not hold the person or has
 *    no active provider: it holds its people at sign-in only): reaches.
 *
 * Unlike the sign-in refusal, an organization holds here a member whose other organizations
 * do not trust its authority (`sso-enforcement.ts` lets them sign in with their password, as
 * their other organizations are reached with it): their password session reaches those, and
 * a session opened through the organization's provider reaches it. The refusal is for the
 * organization alone: the session goes on reaching the person's other organizations.
 *
 * Rules 1, 2 and 6 for a password session read what the request already holds (the session,
 * the organization and membership records); the authorities (two reads) are read only for a
 * session a provider opened or an organization holding the person, and never cached: a provider switched off, or `sso` switched on, counts from
 * the next request.
 */
import type { Caller, OperationContext } from '../core/context';
import { forbidden } from '../core/errors';
import type { MemberRecord, OrganizationRecord } from '../organizations/records';
import { activeAuthoritiesOf } from './sso-authorities';

/** The start of the refusals of single sign-on: the web app recognizes them by this. */
export const SSO_REQUIRED = 'Single sign-on required';

/** The start of rule 5's refusals (a session another organization's provider opened). */
export const SESSION_OF_ANOTHER_PROVIDER = 'Session of another identity provider';

/** What the rules decide: the session reaches, or which refusal. */
export type SessionReach = 'reaches' | 'sso-required' | 'another-provider';

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

/** Rules 1, 2 and 6: whether the rules need the organization's authorities to decide. */
export function reachNeedsAuthorities({ caller, organization, member }: SessionReachInput): boolean {
  if (!credentialMayBeHeld(caller)) return false;
  return caller.openedThrough !== undefined || organization.sso || member.sso;
}

/** Every rule: what the organization makes of the caller, given its providers' authorities. */
export function sessionReach(input: SessionReachInput, trusted: ReadonlySet<string>): SessionReach {
  if (!reachNeedsAuthorities(input)) return 'reaches';
  const authority = input.caller.openedThrough?.authority;
  if (authority !== undefined && trusted.has(authority)) return 'reaches';
  if ((input.organization.sso || input.member.sso) && trusted.size > 0) return 'sso-required';
  if (authority !== undefined) return 'another-provider';
  return 'reaches';
}

/** Whether the caller reaches the organization (`sessionReach`). */
export function sessionReaches(input: SessionReachInput, trusted: ReadonlySet<string>): boolean {
  return sessionReach(input, trusted) === 'reaches';
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
  const reach = await reachOf(ctx, organization, member);
  if (reach === 'sso-required')
    throw forbidden(
      `${SSO_REQUIRED}: ${organization.title} is reached only by signing in through its identity provider (choose it on the sign-in page)`,
    );
  if (reach === 'another-provider')
    throw forbidden(
      `${SESSION_OF_ANOTHER_PROVIDER}: ${organization.title} is not reached with a session opened through another organization's identity provider; sign in with your password (or through its own identity provider) to reach it`,
    );
}

/** What a new organization is to the rules: it holds no one and trusts no provider. */
const NEW_ORGANIZATION = { organization: { sso: false }, member: { sso: false } } as const;

/**
 * The guard of creating an organization: a new organization trusts no provider, so the rules
 * (rule 5) would not let a session a provider opened reach what it just created, and its
 * person, often without a password, could never enter it. Such a session is refused (403)
 * before anything is written, saying how to create one; the rules decide, as for any
 * organization (an instance administrator's session, an API token, a password: created).
 */
export function assertSessionMayCreateOrganization(ctx: Pick<OperationContext, 'caller'>): void {
  if (!ctx.caller) return;
  if (sessionReach({ caller: ctx.caller, ...NEW_ORGANIZATION }, new Set()) === 'reaches') return;
  throw forbidden(
    `${SESSION_OF_ANOTHER_PROVIDER}: an organization created with a session an identity provider opened would not be reached by it (a new organization trusts no provider); organizations are created with a password session or an API token`,
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
  return organization === null || (await reachOf(ctx, organization, member)) === 'reaches';
}

async function reachOf(
  ctx: Pick<OperationContext, 'caller' | 'repos'>,
  organization: Pick<OrganizationRecord, 'id' | 'sso'>,
  member: Pick<MemberRecord, 'sso'>,
): Promise<SessionReach> {
  const caller = ctx.caller;
  if (!caller) return 'reaches';
  const input = { caller, organization, member };
  if (!reachNeedsAuthorities(input)) return 'reaches';
  return sessionReach(input, await activeAuthoritiesOf(ctx, organization.id));
}
