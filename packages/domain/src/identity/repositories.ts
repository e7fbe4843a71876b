/** The repositories of the identity area, added to every operation's `ctx.repos`. */
import type { ApiTokenRepository, SessionRepository, UserRepository } from './ports';

export interface IdentityRepositories {
  users: UserRepository;
  apiTokens: ApiTokenRepository;
  sessions: SessionRepository;
}

declare module '../core/context' {
  interface Repositories extends IdentityRepositories {}
}
