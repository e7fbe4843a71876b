import type { IdentityProviderRepository, IdentityProviderUpdate } from './identity-provider-repository';
import type { SamlProviderRecord } from './records';

export type SamlProviderUpdate = IdentityProviderUpdate<SamlProviderRecord>;

export type SamlProviderRepository = IdentityProviderRepository<SamlProviderRecord>;
