/** The content area: spaces, collections, their positions among siblings, and the roles granted on them. */
export * from './change-requests';
export * from './collections';
export * from './comments';
export * from './files';
export * from './grants';
export { contentOperations } from './operations';
export * from './positions';
export type { ContentRepositories } from './repositories';
export * from './revisions';
export * from './search';
export * from './spaces';
export * from './tree-lock';
