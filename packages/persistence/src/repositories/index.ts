/**
 * Every repository of the domain, written once against the store's collection API, so the
 * same code runs on the embedded engine and on MongoDB.
 */
import type { Repositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { apiTokenIndexes, MongoApiTokenRepository } from './api-token-repository';
import { collectionIndexes, MongoCollectionRepository } from './collection-repository';
import { contentGrantIndexes, MongoContentGrantRepository } from './content-grant-repository';
import { inviteLinkIndexes, MongoInviteLinkRepository } from './invite-link-repository';
import { MongoMemberRepository, memberIndexes } from './member-repository';
import { MongoOrganizationRepository, organizationIndexes } from './organization-repository';
import { MongoSamlProviderRepository, samlProviderIndexes } from './saml-provider-repository';
import { MongoSpaceRepository, spaceIndexes } from './space-repository';
import { MongoTeamRepository, teamIndexes } from './team-repository';
import { MongoTreeLockRepository } from './tree-lock-repository';
import { MongoUserRepository, userIndexes } from './user-repository';

/** The indexes of every repository, created at startup on either engine by `ensureIndexes`. */
export const repositoryIndexes: CollectionIndexes[] = [
  ...userIndexes,
  ...apiTokenIndexes,
  ...organizationIndexes,
  ...memberIndexes,
  ...teamIndexes,
  ...inviteLinkIndexes,
  ...samlProviderIndexes,
  ...spaceIndexes,
  ...collectionIndexes,
  ...contentGrantIndexes,
];

export function createRepositories(db: StoreDatabase): Repositories {
  return {
    users: new MongoUserRepository(db),
    apiTokens: new MongoApiTokenRepository(db),
    organizations: new MongoOrganizationRepository(db),
    members: new MongoMemberRepository(db),
    teams: new MongoTeamRepository(db),
    inviteLinks: new MongoInviteLinkRepository(db),
    samlProviders: new MongoSamlProviderRepository(db),
    spaces: new MongoSpaceRepository(db),
    collections: new MongoCollectionRepository(db),
    contentGrants: new MongoContentGrantRepository(db),
    treeLocks: new MongoTreeLockRepository(db),
  };
}
