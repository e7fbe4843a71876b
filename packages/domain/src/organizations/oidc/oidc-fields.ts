/** Field schemas of OpenID Connect providers, and the status they give a provider. */
import { z } from 'zod';
import type { OidcProviderRecord, OidcProviderStatus } from './records';

export { SamlLabelSchema as OidcLabelSchema } from '../sso/saml-fields';

/**
 * An issuer is an http(s) URL without query, fragment or credentials (OpenID Connect
 * Discovery §2: https; http is accepted for providers on a private network, which the
 * instance must allow to be reached anyway, QUIRE_FETCH_ALLOW_HOSTS).
 */
export const OidcIssuerSchema = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  .max(2048, { message: 'must be at most 2048 characters' })
  // Runs even when the checks above failed (zod reports every issue): a value that is no URL
  // at all is theirs to report, not a crash here.
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  }, 'must have no query, fragment or credentials')
  .describe('Issuer URL of the OpenID provider (http or https, at most 2048 characters)')
  .meta({ examples: ['https://accounts.example.com'] });

/** Client ids are opaque to the client (RFC 6749 §2.2): printable characters, bounded. */
export const OidcClientIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(256)
  .regex(/^[\x21-\x7E]+$/, { message: 'must be printable ASCII without spaces' })
  .describe('Client id Quire is registered with at the provider (at most 256 characters)');

export const OidcClientSecretSchema = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[\x20-\x7E]+$/, { message: 'must be printable ASCII' })
  .describe('Client secret of that registration (write-only: stored sealed, never returned)');

/** A scope token (RFC 6749 §3.3). */
const ScopeSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, { message: 'must be a scope token (RFC 6749 §3.3)' });

export const DEFAULT_OIDC_SCOPES = ['openid', 'email', 'profile'];

export const OidcScopesSchema = z
  .array(ScopeSchema)
  .min(1)
  .max(20)
  .refine((scopes) => scopes.includes('openid'), 'must include "openid"')
  .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope')
  .describe(`Scopes asked for (must include "openid"; default ${DEFAULT_OIDC_SCOPES.join(' ')})`)
  .meta({ examples: [DEFAULT_OIDC_SCOPES] });

export const OIDC_PROVIDER_STATUSES = ['active', 'pending'] as const;

export const OidcProviderStatusSchema = z.enum(OIDC_PROVIDER_STATUSES).meta({
  id: 'OIDCProviderStatus',
  description: 'active: members can sign in through the provider; pending: its configuration is incomplete',
});

/** A provider can sign people in once it knows the issuer, its client id and its client secret. */
export function oidcProviderStatus(
  provider: Pick<OidcProviderRecord, 'issuer' | 'clientId' | 'sealedClientSecret'>,
): OidcProviderStatus {
  return provider.issuer && provider.clientId && provider.sealedClientSecret ? 'active' : 'pending';
}
