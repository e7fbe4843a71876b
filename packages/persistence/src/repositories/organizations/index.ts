/** The organizations area's repositories and their indexes. */
import type { OrganizationRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { invitationIndexes, MongoInvitationRepository } from './invitation-repository';
import { inviteLinkIndexes, MongoInviteLinkRepository } from './invite-link-repository';
import { MongoMemberRepository, memberIndexes } from './member-repository';
import { MongoOidcLoginStateRepository, oidcLoginStateIndexes } from './oidc-login-state-repository';
import { MongoOidcProviderRepository, oidcProviderIndexes } from './oidc-provider-repository';
import { MongoOrganizationRepository, organizationIndexes } from './organization-repository';
import { MongoSamlProviderRepository, samlProviderIndexes } from './saml-provider-repository';
import { MongoTeamRepository, teamIndexes } from './team-repository';

export const organizationsIndexes: CollectionIndexes[] = [
  ...organizationIndexes,
  ...memberIndexes,
  ...teamIndexes,
  ...inviteLinkIndexes,
  ...invitationIndexes,
  ...samlProviderIndexes,
  ...oidcProviderIndexes,
  ...oidcLoginStateIndexes,
];

export const organizationsRepositories = (db: StoreDatabase): OrganizationRepositories => ({
  organizations: new MongoOrganizationRepository(db),
  members: new MongoMemberRepository(db),
  teams: new MongoTeamRepository(db),
  inviteLinks: new MongoInviteLinkRepository(db),
  invitations: new MongoInvitationRepository(db),
  samlProviders: new MongoSamlProviderRepository(db),
  oidcProviders: new MongoOidcProviderRepository(db),
  oidcLoginStates: new MongoOidcLoginStateRepository(db),
});
