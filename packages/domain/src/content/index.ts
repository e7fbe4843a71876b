/**
 * The content area: spaces and collections, their positions among siblings and the roles
 * granted on them; the revisions of their content; change requests.
 */
export * from './change-requests';
export * from './collections';
export * from './grants';
export { contentOperations } from './operations';
export * from './page-reads';
export * from './path-redirects';
export * from './positions';
export type { ContentRepositories } from './repositories';
export * from './reusable-contents';
export * from './revisions';
export * from './spaces';
export * from './tree-lock';
