/**
 * Whether an organization's identity provider may sign in as an existing account. The
 * organization's admins configure its providers, and a provider they run can assert any
 * email; so a provider speaks for an account only where it cannot reach further than the
 * organization, or where the account's other organizations trust the same authority.
 *
 * 1. An instance administrator: never. One organization's provider must not open the
 *    instance (instance administrators sign in with their password, which SSO enforcement
 *    never refuses them).
 * 2. An account whose every other organization (disabled memberships included: they can be
 *    enabled again) has an active provider of the same authority: yes. The same authority is
 *    the same OpenID issuer, or a SAML provider whose signing certificate is the same: what
 *    the provider asserts, that authority would assert to each of those organizations too.
 *    An account of this organization alone meets this at once.
 * 3. Otherwise: no. Signing in such a member would hand whoever administers this
 *    organization the member's other organizations. They sign in with their password
 *    (`sso-enforcement.ts` does not hold them to a provider that cannot sign them in).
 *
 * Used by just-in-time provisioning (an existing member signing in, `provision-sso-member.ts`)
 * and by SSO enforcement, so that the people held to a provider are the people it can sign in.
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

export async function providerSpeaksFor(
  services: Pick<DomainServices, 'repos'>,
  user: UserRecord,
  provider: { organizationId: string; authority: SsoAuthority },
): Promise<boolean> {
  const speaking = await authoritiesSpeakingFor(services, user, provider.organizationId, [
    provider.authority,
  ]);
  return speaking.size > 0;
}

/**
 * Which of `candidates` (authorities of `organizationId`'s providers) speak for `user`, by the
 * rules above: the memberships are walked once, and a candidate another organization does not
 * trust is dropped as soon as it is found.
 */
export async function authoritiesSpeakingFor(
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
