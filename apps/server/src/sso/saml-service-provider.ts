/**
 * This instance as the service provider of one SAML provider: node-saml configured from the
 * provider's record (the identity provider's entity ID, certificate and sign-on URL) and the
 * service URLs GitBook's resource shows (`service.acsURL`, `service.entityID`). Every signature,
 * time and audience check of a response is node-saml's.
 */
import { type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { type PublicUrls, type SamlProviderRecord, samlServiceOf } from '@quire/domain';
import { SAML_REQUEST_LIFETIME_MS } from './saml-request-ids';

/** Clocks of the identity provider and this server may differ by this much. */
export const SAML_CLOCK_SKEW_MS = 30_000;

/** The email address as the name id: what Quire identifies people by. */
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface SamlServiceOptions {
  /** Whether responses no request of ours asked for (IdP-initiated sign-in) are accepted. */
  allowIdpInitiated: boolean;
  requestIds: CacheProvider;
  /** The id of the AuthnRequest to make (random, from the caller, which binds it to the browser). */
  requestId?: string;
}

export function samlServiceProvider(
  urls: PublicUrls,
  provider: SamlProviderRecord,
  options: SamlServiceOptions,
): SAML {
  const service = samlServiceOf(urls, provider.id);
  return new SAML({
    issuer: service.entityID,
    audience: service.entityID,
    callbackUrl: service.acsURL,
    entryPoint: provider.ssoURL,
    idpIssuer: provider.entityID,
    idpCert: provider.certificate ?? '',
    identifierFormat: EMAIL_NAME_ID,
    // The assertion must be signed (its signature covers who, for whom and until when); a
    // signature of the whole response is welcome but many providers sign the assertion only.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    signatureAlgorithm: 'sha256',
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: options.allowIdpInitiated
      ? ValidateInResponseTo.ifPresent
      : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_LIFETIME_MS,
    cacheProvider: options.requestIds,
    disableRequestedAuthnContext: true,
    ...(options.requestId ? { generateUniqueId: () => options.requestId as string } : {}),
  });
}
