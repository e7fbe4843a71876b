/** The repositories of the organizations area, added to every operation's `ctx.repos`. */
import type { InvitationRepository } from './invitations/ports';
import type { InviteLinkRepository } from './invite-links/ports';
import type { OidcLoginStateRepository, OidcProviderRepository } from './oidc/ports';
import type { MemberRepository, OrganizationRepository } from './ports';
import type { SamlProviderRepository } from './sso/ports';
import type { TeamRepository } from './teams/ports';

export interface OrganizationRepositories {
  organizations: OrganizationRepository;
  members: MemberRepository;
  teams: TeamRepository;
  inviteLinks: InviteLinkRepository;
  invitations: InvitationRepository;
  samlProviders: SamlProviderRepository;
  oidcProviders: OidcProviderRepository;
  oidcLoginStates: OidcLoginStateRepository;
}

declare module '../core/context' {
  interface Repositories extends OrganizationRepositories {}
}
