/** The repositories of the identity area, added to every operation's `ctx.repos`. */
import type { ApiTokenRepository, UserRepository } from './ports';

export interface IdentityRepositories {
  users: UserRepository;
  apiTokens: ApiTokenRepository;
}

declare module '../core/context' {
  interface Repositories extends IdentityRepositories {}
}
