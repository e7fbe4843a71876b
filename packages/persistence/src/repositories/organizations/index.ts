/** The organizations area's repositories and their indexes. */
import type { OidcProviderRecord, OrganizationRepositories, SamlProviderRecord } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { identityProviderIndexes, MongoIdentityProviderRepository } from './identity-provider-repository';
import { invitationIndexes, MongoInvitationRepository } from './invitation-repository';
import { inviteLinkIndexes, MongoInviteLinkRepository } from './invite-link-repository';
import { MongoMemberRepository, memberIndexes } from './member-repository';
import { MongoOidcLoginStateRepository, oidcLoginStateIndexes } from './oidc-login-state-repository';
import { MongoOrganizationRepository, organizationIndexes } from './organization-repository';
import { MongoTeamRepository, teamIndexes } from './team-repository';

export const organizationsIndexes: CollectionIndexes[] = [
  ...organizationIndexes,
  ...memberIndexes,
  ...teamIndexes,
  ...inviteLinkIndexes,
  ...invitationIndexes,
  ...identityProviderIndexes('samlProviders'),
  ...identityProviderIndexes('oidcProviders'),
  ...oidcLoginStateIndexes,
];

export const organizationsRepositories = (db: StoreDatabase): OrganizationRepositories => ({
  organizations: new MongoOrganizationRepository(db),
  members: new MongoMemberRepository(db),
  teams: new MongoTeamRepository(db),
  inviteLinks: new MongoInviteLinkRepository(db),
  invitations: new MongoInvitationRepository(db),
  samlProviders: new MongoIdentityProviderRepository<SamlProviderRecord>(db, 'samlProviders'),
  oidcProviders: new MongoIdentityProviderRepository<OidcProviderRecord>(db, 'oidcProviders'),
  oidcLoginStates: new MongoOidcLoginStateRepository(db),
});
