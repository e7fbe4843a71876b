import type { PageRequest, Slice } from '../../core/paging';
import type { OidcLoginStateRecord, OidcProviderRecord } from './records';

export type OidcProviderUpdate = Partial<Omit<OidcProviderRecord, 'id' | 'organizationId' | 'createdAt'>>;

export interface OidcProviderRepository {
  insert(provider: OidcProviderRecord): Promise<void>;
  findById(organizationId: string, providerId: string): Promise<OidcProviderRecord | null>;
  /** A provider by its id alone: sign-in routes name the provider, not its organization. */
  findAnyById(providerId: string): Promise<OidcProviderRecord | null>;
  /** Providers in creation order. */
  list(organizationId: string, page: PageRequest): Promise<Slice<OidcProviderRecord>>;
  count(organizationId: string): Promise<number>;
  /** The organization's active providers, in creation order (an organization has a handful). */
  listActive(organizationId: string): Promise<OidcProviderRecord[]>;
  /**
   * Sets the fields of `set` and removes those named in `unset`; returns the updated
   * provider, or null when it does not exist.
   */
  update(
    organizationId: string,
    providerId: string,
    set: OidcProviderUpdate,
    unset?: ReadonlyArray<keyof OidcProviderUpdate>,
  ): Promise<OidcProviderRecord | null>;
  /** Returns true when a provider was deleted. */
  delete(organizationId: string, providerId: string): Promise<boolean>;
}

export interface OidcLoginStateRepository {
  /** Stores a started sign-in, and drops those that expired before `now`. */
  insert(state: OidcLoginStateRecord, now: string): Promise<void>;
  /**
   * Takes the sign-in started with this state (by its hash) out of the store: the first
   * caller gets it, any later one null; null too once it expired.
   */
  take(stateHash: string, now: string): Promise<OidcLoginStateRecord | null>;
}
