/**
 * The one port both kinds of an organization's identity providers (SAML, OpenID Connect) are
 * stored through: they are kept, listed, changed and deleted alike; only their fields differ.
 */
import type { PageRequest, Slice } from '../../core/paging';

/** What every kind of identity provider record holds. */
export interface IdentityProviderRecordBase {
  id: string;
  organizationId: string;
  /** Id of the team that people who join through the provider are added to. */
  defaultTeam?: string;
  /** 'active' once every field a sign-in needs is set. */
  status: string;
  createdAt: string;
}

export type IdentityProviderUpdate<R extends IdentityProviderRecordBase> = Partial<
  Omit<R, 'id' | 'organizationId' | 'createdAt'>
>;

export interface IdentityProviderRepository<R extends IdentityProviderRecordBase> {
  insert(provider: R): Promise<void>;
  findById(organizationId: string, providerId: string): Promise<R | null>;
  /** A provider by its id alone: sign-in routes (`/saml/{id}/…`, `/oidc/{id}/…`) name no organization. */
  findAnyById(providerId: string): Promise<R | null>;
  /** Providers in creation order. */
  list(organizationId: string, page: PageRequest): Promise<Slice<R>>;
  count(organizationId: string): Promise<number>;
  /** The organization's active providers, in creation order (an organization has a handful). */
  listActive(organizationId: string): Promise<R[]>;
  /**
   * Sets the fields of `set` and removes those named in `unset`; returns the updated
   * provider, or null when it does not exist.
   */
  update(
    organizationId: string,
    providerId: string,
    set: IdentityProviderUpdate<R>,
    unset?: ReadonlyArray<keyof IdentityProviderUpdate<R>>,
  ): Promise<R | null>;
  /** Returns true when a provider was deleted. */
  delete(organizationId: string, providerId: string): Promise<boolean>;
  /** Unsets `defaultTeam` on the organization's providers that name this team (when it is deleted). */
  clearDefaultTeam(organizationId: string, teamId: string): Promise<void>;
}
