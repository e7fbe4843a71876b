/**
 * Every rule of who may do what, in one home: the rule tables (organization, team, content,
 * placement), the guards that read them, the effective-role function, and the batch loaders
 * that gather their inputs for pages of items.
 */
export * from './authorize-change-request';
export * from './authorize-collection';
export * from './authorize-comment';
export * from './authorize-job';
export * from './authorize-space';
export * from './change-request-policy';
export * from './collection-chain';
export * from './comment-policy';
export * from './content-access';
export * from './content-placement';
export * from './content-policy';
export * from './content-shared-with-guest';
export * from './effective-role';
export * from './insights-policy';
export * from './member-access';
export * from './openapi-policy';
export * from './organization-policy';
export * from './people-in-sight';
export * from './permission-schemas';
export * from './roles-on-item';
export * from './session-reach';
export * from './site-policy';
export * from './team-policy';
export * from './token-issuing';
export * from './translation-policy';
