/**
 * Every repository port the domain uses, in one aggregate handed to operations through
 * their context. `@quire/mongo` implements each against the store's collection API.
 */
import type { ContentGrantRepository } from '../access/ports';
import type { CollectionRepository, TreeLockRepository } from '../collections/ports';
import type { ApiTokenRepository, UserRepository } from '../identity/ports';
import type { InviteLinkRepository } from '../invite-links/ports';
import type { MemberRepository, OrganizationRepository } from '../organizations/ports';
import type { SpaceRepository } from '../spaces/ports';
import type { SamlProviderRepository } from '../sso/ports';
import type { TeamRepository } from '../teams/ports';

export interface Repositories {
  users: UserRepository;
  apiTokens: ApiTokenRepository;
  organizations: OrganizationRepository;
  members: MemberRepository;
  teams: TeamRepository;
  inviteLinks: InviteLinkRepository;
  samlProviders: SamlProviderRepository;
  spaces: SpaceRepository;
  collections: CollectionRepository;
  contentGrants: ContentGrantRepository;
  treeLocks: TreeLockRepository;
}
