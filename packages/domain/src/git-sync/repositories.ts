/** The repositories of the Git Sync area, added to every operation's `ctx.repos`. */
import type { GitSyncRepository } from './ports';

export interface GitSyncRepositories {
  gitSync: GitSyncRepository;
}

declare module '../core/context' {
  interface Repositories extends GitSyncRepositories {}
}
