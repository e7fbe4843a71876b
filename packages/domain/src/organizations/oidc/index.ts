export * from './oidc-fields';
export * from './oidc-provider-schema';
export * from './oidc-sso-entries';
export * from './ports';
export * from './records';
