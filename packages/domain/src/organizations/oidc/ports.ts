import type { IdentityProviderRepository, IdentityProviderUpdate } from '../sso/identity-provider-repository';
import type { OidcLoginStateRecord, OidcProviderRecord } from './records';

export type OidcProviderUpdate = IdentityProviderUpdate<OidcProviderRecord>;

export type OidcProviderRepository = IdentityProviderRepository<OidcProviderRecord>;

export interface OidcLoginStateRepository {
  /** Stores a started sign-in, and drops those that expired before `now`. */
  insert(state: OidcLoginStateRecord, now: string): Promise<void>;
  /**
   * Takes the sign-in started with this state (by its hash) out of the store: the first
   * caller gets it, any later one null; null too once it expired.
   */
  take(stateHash: string, now: string): Promise<OidcLoginStateRecord | null>;
}
