/**
 * SSO enforcement: who must sign in through an identity provider. A person is held to single
 * sign-on when one of their (enabled) memberships is an SSO member (`POST ORG/members/{userId}/sso`,
 * or made by a sign-in through a provider) or belongs to an organization whose `sso` setting is
 * on. They are then refused a password or an API token at the web app's sign-in: one account,
 * one way in. (Whatever the sign-in, an organization holding its people is reached only by a
 * session one of its trusted providers opened: `policies/session-reach.ts`, at access.) Instance
 * administrators are never held: the instance must stay reachable when a provider is down or
 * misconfigured. API tokens used as bearer tokens on the API keep working (GitBook's API
 * tokens do too under enforced SSO): they are issued by instance administrators.
 *
 * An organization holds here only the people whose every organization trusts one of its
 * providers' authorities (`authoritiesTrustedByAll`, `provider-speaks-for.ts`): a member of
 * other organizations that do not is not held by it at sign-in, and signs in with their
 * password, which reaches their other organizations, not this one; they reach this one by
 * signing in through its provider, whose session reaches only the organizations trusting it
 * (`policies/session-reach.ts`). An
 * organization that enforces SSO with no active provider holds its people as before.
 */
import type { DomainServices } from '../../core/context';
import { forbidden } from '../../core/errors';
import type { UserRecord } from '../../identity';
import { SSO_REQUIRED } from '../../policies/session-reach';
import type { OrganizationRecord } from '../records';
import { activeAuthoritiesOf, authoritiesTrustedByAll } from './provider-speaks-for';

const PAGE = 100;
/** More organizations than a person belongs to; past it, the rest are not looked at. */
const MAX_PAGES = 50;

/** The organization that holds the user to single sign-on, or null when none does. */
export async function organizationRequiringSso(
  services: DomainServices,
  user: UserRecord,
): Promise<OrganizationRecord | null> {
  if (user.isInstanceAdmin) return null;
  let after: Parameters<typeof services.repos.members.listMembershipsOfUser>[1]['after'];
  for (let page = 0; page < MAX_PAGES; page++) {
    const slice = await services.repos.members.listMembershipsOfUser(user.id, {
      limit: PAGE,
      ...(after ? { after } : {}),
    });
    const organizations = await services.repos.organizations.findByIds(
      slice.items.map((member) => member.organizationId),
    );
    const ssoMember = new Set(slice.items.filter((m) => m.sso).map((m) => m.organizationId));
    for (const organization of organizations) {
      if (!(organization.sso || ssoMember.has(organization.id))) continue;
      if (await providersCanSignIn(services, user, organization.id)) return organization;
    }
    if (!slice.next) return null;
    after = slice.next;
  }
  return null;
}

/** Whether every organization of the user trusts one of the organization's active providers (true when it has none). */
async function providersCanSignIn(
  services: DomainServices,
  user: UserRecord,
  organizationId: string,
): Promise<boolean> {
  const authorities = await activeAuthoritiesOf(services, organizationId);
  if (authorities.size === 0) return true;
  return (await authoritiesTrustedByAll(services, user, organizationId, authorities)).size > 0;
}

/** The guard of password and token sign-ins: refuses a person held to single sign-on. */
export async function assertSignInWithoutSso(services: DomainServices, user: UserRecord): Promise<void> {
  const organization = await organizationRequiringSso(services, user);
  if (organization)
    throw forbidden(
      `${SSO_REQUIRED}: members of ${organization.title} sign in through its identity provider (choose it on the sign-in page)`,
    );
}

/**
 * The guard of joining through an invite link, which signs the person in with a password: an
 * organization that enforces single sign-on is joined through its identity provider instead
 * (a first sign-in there makes the member). Checked before anything is written.
 */
export async function assertJoinWithoutSso(services: DomainServices, inviteToken: string): Promise<void> {
  const link = await services.repos.inviteLinks.findByToken(inviteToken);
  const organization = link ? await services.repos.organizations.findById(link.organizationId) : null;
  if (organization?.sso)
    throw forbidden(
      `${SSO_REQUIRED}: people join ${organization.title} through its identity provider (choose it on the sign-in page)`,
    );
}
