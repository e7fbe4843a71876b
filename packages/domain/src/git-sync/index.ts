/** The Git Sync area: a space's synchronization with a Git repository (imports, exports, settings). */

export * from './git-repositories';
export * from './git-sync-jobs';
export * from './git-sync-order';
export * from './git-sync-runs';
export * from './operations';
export type * from './ports';
export type * from './records';
export type { GitSyncRepositories } from './repositories';
export * from './reusable-content-includes';
export * from './reusable-content-sync';
