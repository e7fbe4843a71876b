/** The identity area: users, API tokens and authentication. */

export * from './admin-user-schema';
export * from './api-token-schema';
export * from './api-tokens';
export * from './create-user';
export { identityOperations } from './operations';
export * from './people-seen-in';
export * from './ports';
export * from './records';
export type { IdentityRepositories } from './repositories';
export * from './user-fields';
export * from './user-schema';
export * from './user-view';
