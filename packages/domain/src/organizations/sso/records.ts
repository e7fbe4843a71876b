/** What the repositories store for SAML providers. */
import type { RoleOrGuest } from '../../core/schemas';

/** 'active' once entity ID, certificate and sign-on URL are all set; 'pending' until then. */
export type SamlProviderStatus = 'active' | 'pending';

export interface SamlProviderRecord {
  id: string;
  organizationId: string;
  label: string;
  /** The identity provider's entity ID. */
  entityID?: string;
  /** The identity provider's signing certificate, PEM-encoded. */
  certificate?: string;
  /** The identity provider's single sign-on URL. */
  ssoURL?: string;
  /** Id of the team that people who join through this provider are added to. */
  defaultTeam?: string;
  /** Role that people who join through this provider get (null: guest). */
  defaultRole: RoleOrGuest;
  /** Derived from the fields above on every write, stored so active providers can be queried. */
  status: SamlProviderStatus;
  createdAt: string;
}
