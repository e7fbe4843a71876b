/** The repositories of the identity area, added to every operation's `ctx.repos`. */
import type { PasswordResetRepository } from './password-resets/ports';
import type { ApiTokenRepository, SessionRepository, UserRepository } from './ports';

export interface IdentityRepositories {
  users: UserRepository;
  apiTokens: ApiTokenRepository;
  sessions: SessionRepository;
  passwordResets: PasswordResetRepository;
}

declare module '../core/context' {
  interface Repositories extends IdentityRepositories {}
}
