/** The identity area: users, API tokens, passwords, web app sessions and authentication. */

export * from './admin-user-schema';
export * from './api-token-schema';
export * from './api-tokens';
export * from './common-passwords';
export * from './create-user';
export * from './mail/mail-templates';
export * from './mail/notification-mail';
export * from './mail/outgoing-mail';
export { identityOperations } from './operations';
export { MAX_KEPT_OWN_TOKENS, MAX_LIVE_OWN_TOKENS } from './operations/own-tokens';
export * from './password-resets';
export * from './passwords';
export * from './people-seen-in';
export * from './ports';
export * from './records';
export type { IdentityRepositories } from './repositories';
export * from './session-schema';
export * from './sessions';
export * from './sign-in-inputs';
export * from './user-fields';
export * from './user-schema';
export * from './user-view';
