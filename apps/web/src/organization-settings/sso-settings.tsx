/**
 * Single sign-on (admins): the organization's identity providers, each with the addresses
 * its identity provider needs (where assertions go, this service's entity ID) and its
 * status, and the switch that enforces SSO (the organization's `sso` setting: members then
 * sign in only through a provider, except the instance's administrators). Providers are
 * added and configured through the API (GitBook's SAML operations).
 */
import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { roleLabelOf } from '../members/roles';
import { Empty, QueryState } from '../ui/states';
import type { Organization } from './organization-types';
import { SettingsSwitch } from './settings-switch';

type SamlProvider = RouterOutputs['orgs']['saml']['list']['items'][number];

const STATUS_LABELS: Record<SamlProvider['status'], string> = {
  pending: 'Not configured yet',
  active: 'Active',
};

/** The sign-in page that offers the organization's identity providers. */
export const signInLinkOf = (organizationId: string): string =>
  `${window.location.origin}/sign-in?org=${encodeURIComponent(organizationId)}`;

export function SsoSettings({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const providers = useQuery(
    trpc.orgs.saml.list.queryOptions({ organizationId: organization.id, limit: 100 }),
  );
  return (
    <section className="management-section" aria-labelledby="sso-settings-title">
      <h2 id="sso-settings-title">Single sign-on</h2>
      <QueryState
        query={providers}
        loading="Loading the identity providers…"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Empty title="No identity provider">
            Add a SAML provider through the API (POST /v1/orgs/{organization.id}/saml); it is listed here with
            the addresses to give your identity provider.
          </Empty>
        }
      >
        {(data) => (
          <ul className="management-list" aria-label="Identity providers">
            {data.items.map((provider) => (
              <SamlProviderRow key={provider.id} provider={provider} />
            ))}
          </ul>
        )}
      </QueryState>
      {(providers.data?.items.length ?? 0) > 0 && (
        <p className="field-hint">
          Members find the providers on the sign-in page opened at{' '}
          <code className="published-url">{signInLinkOf(organization.id)}</code>
        </p>
      )}
      <SettingsSwitch
        organization={organization}
        field="sso"
        label="Require single sign-on"
        hint={
          organization.sso
            ? 'Members sign in only through an identity provider; passwords and tokens are refused (except for the instance’s administrators).'
            : 'Members may also sign in with a password or a token.'
        }
      />
    </section>
  );
}

function SamlProviderRow({ provider }: { provider: SamlProvider }) {
  return (
    <li className="management-row">
      <span className="management-main">
        <strong>{provider.label}</strong>
        <span className="muted">
          SAML · people who join get {roleLabelOf(provider.defaultRole)}
          {provider.defaultTeam ? ` in ${provider.defaultTeam.title}` : ''}
        </span>
      </span>
      <span className="badge">{STATUS_LABELS[provider.status]}</span>
      <details className="sso-service">
        <summary>
          Addresses for the identity provider<span className="visually-hidden"> of {provider.label}</span>
        </summary>
        <dl>
          <dt>Assertion consumer service (ACS) URL</dt>
          <dd>{provider.service.acsURL}</dd>
          <dt>Entity ID (metadata)</dt>
          <dd>{provider.service.entityID}</dd>
          <dt>Sign-in starts at</dt>
          <dd>{provider.service.startURL}</dd>
        </dl>
      </details>
    </li>
  );
}
