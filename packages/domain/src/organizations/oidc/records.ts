/** What the repositories store for OpenID Connect providers and the sign-ins they start. */
import type { RoleOrGuest } from '../../core/schemas';

/** 'active' once issuer, client id and client secret are all set; 'pending' until then. */
export type OidcProviderStatus = 'active' | 'pending';

export interface OidcProviderRecord {
  id: string;
  organizationId: string;
  label: string;
  /** The OpenID provider's issuer URL (its discovery document is at `<issuer>/.well-known/openid-configuration`). */
  issuer?: string;
  /** The client id Quire was registered with at the provider. */
  clientId?: string;
  /**
   * The client secret, sealed with the instance's key (`Secrets.seal`, AES-256-GCM): never
   * presented, never logged; unsealed only to call the provider's token endpoint.
   */
  sealedClientSecret?: string;
  /** Scopes asked for, `openid` first among them. */
  scopes: string[];
  /** Id of the team that people who join through this provider are added to. */
  defaultTeam?: string;
  /** Role that people who join through this provider get (null: guest). */
  defaultRole: RoleOrGuest;
  /** Derived from the fields above on every write, stored so active providers can be queried. */
  status: OidcProviderStatus;
  createdAt: string;
}

/**
 * A sign-in started at a provider and not yet come back: what the callback checks the
 * provider's answer against. Stored (so any server of the instance can take the callback),
 * taken once (a replayed callback finds nothing), and worthless after `expiresAt`.
 */
export interface OidcLoginStateRecord {
  /** SHA-256 of the `state` parameter: the store never holds the value a callback presents. */
  stateHash: string;
  providerId: string;
  organizationId: string;
  nonce: string;
  codeVerifier: string;
  /** A path of the web app to land on once signed in (checked to be one when the sign-in started). */
  returnTo: string;
  expiresAt: string;
}
