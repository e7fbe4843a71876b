/** Field schemas of SAML providers, with GitBook's limits. */
import { z } from 'zod';
import type { SamlProviderRecord, SamlProviderStatus } from './records';

export const SamlLabelSchema = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .describe('Name of the provider shown on the sign-in page (1 to 30 characters)');

/** Often a URL, but URNs and plain names are valid entity IDs too: only the length is checked. */
export const SamlEntityIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .describe('Entity ID of the identity provider (at most 1024 characters)');

/**
 * One PEM block of type CERTIFICATE: the armour lines around base64 text (at least one
 * character of it). Written so that no two parts can match the same characters, which
 * keeps matching linear on long input. The certificate itself is parsed where assertions
 * are verified, not here.
 */
const PEM_CERTIFICATE =
  /^-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/][A-Za-z0-9+/\s]*(?:={1,2}\s*)?-----END CERTIFICATE-----$/;

export const SamlCertificateSchema = z
  .string()
  .trim()
  .max(10000)
  .regex(PEM_CERTIFICATE, {
    message:
      'must be a PEM-encoded X.509 certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)',
  })
  .describe('Signing certificate of the identity provider, PEM-encoded (at most 10000 characters)');

export const SamlSsoUrlSchema = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  // Its own message: the one given to `url` would otherwise apply to every check.
  .max(2048, { message: 'must be at most 2048 characters' })
  .describe('Single sign-on URL of the identity provider (http or https, at most 2048 characters)');

export const SAML_PROVIDER_STATUSES = ['active', 'pending'] as const;

export const SamlProviderStatusSchema = z.enum(SAML_PROVIDER_STATUSES).meta({
  id: 'SAMLProviderStatus',
  description: 'active: members can sign in through the provider; pending: its configuration is incomplete',
});

/** A provider can sign people in once it knows the identity provider's entity ID, certificate and URL. */
export function samlProviderStatus(
  provider: Pick<SamlProviderRecord, 'entityID' | 'certificate' | 'ssoURL'>,
): SamlProviderStatus {
  return provider.entityID && provider.certificate && provider.ssoURL ? 'active' : 'pending';
}
