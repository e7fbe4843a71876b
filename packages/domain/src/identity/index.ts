/** Identity: users, API tokens, authentication, and the first administrator of an instance. */

export * from './admin-user-schema';
export * from './api-token-schema';
export * from './api-tokens';
export * from './bootstrap-instance';
export * from './create-user';
export { identityOperations } from './operations';
export * from './ports';
export * from './records';
export * from './user-fields';
export * from './user-schema';
