/**
 * Whether an organization's identity provider may sign in as an existing account, and which
 * of an organization's authorities every organization of a person trusts. The organization's
 * admins configure its providers, and a provider they run can assert any email; so a provider
 * must never open more than the organizations trusting its authority.
 *
 * A provider speaks for an account (a member of its organization: `provision-sso-member.ts`
 * refuses anyone else):
 * 1. An instance administrator: never. One organization's provider must not open the
 *    instance (instance administrators sign in with their password, which SSO enforcement
 *    never refuses them, and reach every organization whatever their session).
 * 2. Anyone else: yes, whatever their other organizations trust. *Decision (twenty-third
 *    session):* the twenty-first spoke only for an account whose every other organization
 *    trusted the same authority, because a session reached all of its person's
 *    organizations: signing in a member of others would have handed whoever runs the
 *    provider those too. That left a member of an organization enforcing single sign-on and
 *    of one that does not with no session reaching the first (its provider refused them, it
 *    refused their password). A session a provider opened now reaches only the organizations
 *    trusting its authority (`policies/session-reach.ts`, rules 3 and 5), which is what keeps
 *    the property: whoever runs the provider never reaches an organization that does not
 *    trust it. The person's own screens across organizations are held to it too
 *    (notifications of organizations the session does not reach show no subject).
 *
 * `authoritiesTrustedByAll` keeps the former rule for SSO enforcement at sign-in
 * (`sso-enforcement.ts`): a person is refused their password only when a provider's session
 * would reach every organization of theirs; a member of organizations not trusting it signs
 * in with their password for those (and through the provider for the organization holding
 * them).
 */
import type { DomainServices } from '../../core/context';
import type { UserRecord } from '../../identity';
import { activeAuthoritiesOf, type SsoAuthority } from '../../policies/sso-authorities';

export {
  activeAuthoritiesOf,
  oidcAuthority,
  type SsoAuthority,
  samlAuthority,
} from '../../policies/sso-authorities';

const PAGE = 100;
/** More organizations than a person belongs to; past it, the account is not spoken for. */
const MAX_PAGES = 50;

/** Rules 1 and 2, for a member of the provider's organization. */
export function providerSpeaksFor(user: Pick<UserRecord, 'isInstanceAdmin'>): boolean {
  return !user.isInstanceAdmin;
}

/**
 * Which of `candidates` (authorities of `organizationId`'s providers) every other organization
 * of `user` (disabled memberships included: they can be enabled again) trusts too; none for an
 * instance administrator. The memberships are walked once, and a candidate another
 * organization does not trust is dropped as soon as it is found.
 */
export async function authoritiesTrustedByAll(
  services: Pick<DomainServices, 'repos'>,
  user: UserRecord,
  organizationId: string,
  candidates: Iterable<SsoAuthority>,
): Promise<Set<SsoAuthority>> {
  const speaking = new Set(candidates);
  if (user.isInstanceAdmin) return new Set();
  let after: Parameters<typeof services.repos.members.listMembershipsOfUser>[1]['after'];
  for (let page = 0; page < MAX_PAGES && speaking.size > 0; page++) {
    const slice = await services.repos.members.listMembershipsOfUser(user.id, {
      limit: PAGE,
      ...(after ? { after } : {}),
    });
    for (const member of slice.items) {
      if (member.organizationId === organizationId) continue;
      const trusted = await activeAuthoritiesOf(services, member.organizationId);
      for (const authority of speaking) if (!trusted.has(authority)) speaking.delete(authority);
      if (speaking.size === 0) return speaking;
    }
    if (!slice.next) return speaking;
    after = slice.next;
  }
  return new Set();
}
