/**
 * What an organization's identity providers vouch through: an authority. Two providers of the
 * same authority (the same OpenID issuer, or SAML providers signing with the same certificate)
 * would assert the same people. Here, among the rules, because who a session reaches depends
 * on them (`session-reach.ts`) as well as who a provider speaks for
 * (`organizations/sso/provider-speaks-for.ts`).
 */
import type { DomainServices } from '../core/context';

/** An identity provider's authority: what vouches for the people it asserts. */
export type SsoAuthority = string;

/** The authority of an OpenID provider: its issuer, which ID tokens must name exactly. */
export const oidcAuthority = (issuer: string): SsoAuthority => `oidc ${issuer}`;

/** The authority of a SAML provider: the certificate its responses are signed with. */
export const samlAuthority = (certificate: string): SsoAuthority =>
  `saml ${certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '')}`;

/** The authorities of an organization's active providers, SAML and OpenID alike. */
export async function activeAuthoritiesOf(
  services: Pick<DomainServices, 'repos'>,
  organizationId: string,
): Promise<Set<SsoAuthority>> {
  const [saml, oidc] = await Promise.all([
    services.repos.samlProviders.listActive(organizationId),
    services.repos.oidcProviders.listActive(organizationId),
  ]);
  return new Set([
    ...saml.flatMap((provider) => (provider.certificate ? [samlAuthority(provider.certificate)] : [])),
    ...oidc.flatMap((provider) => (provider.issuer ? [oidcAuthority(provider.issuer)] : [])),
  ]);
}
