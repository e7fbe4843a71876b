import type { PageRequest, Slice } from '../../core/paging';
import type { SamlProviderRecord } from './records';

export type SamlProviderUpdate = Partial<Omit<SamlProviderRecord, 'id' | 'organizationId' | 'createdAt'>>;

export interface SamlProviderRepository {
  insert(provider: SamlProviderRecord): Promise<void>;
  findById(organizationId: string, providerId: string): Promise<SamlProviderRecord | null>;
  /** A provider by id alone: its service URLs (`/saml/{providerId}/...`) name no organization. */
  findByIdInAnyOrganization(providerId: string): Promise<SamlProviderRecord | null>;
  /** Providers in creation order. */
  list(organizationId: string, page: PageRequest): Promise<Slice<SamlProviderRecord>>;
  count(organizationId: string): Promise<number>;
  /** The organization's active providers, in creation order (an organization has a handful). */
  listActive(organizationId: string): Promise<SamlProviderRecord[]>;
  /**
   * Sets the fields of `set` and removes those named in `unset`; returns the updated
   * provider, or null when it does not exist.
   */
  update(
    organizationId: string,
    providerId: string,
    set: SamlProviderUpdate,
    unset?: ReadonlyArray<keyof SamlProviderUpdate>,
  ): Promise<SamlProviderRecord | null>;
  /** Returns true when a provider was deleted. */
  delete(organizationId: string, providerId: string): Promise<boolean>;
  /** Unsets `defaultTeam` on the organization's providers that name this team (when it is deleted). */
  clearDefaultTeam(organizationId: string, teamId: string): Promise<void>;
}
