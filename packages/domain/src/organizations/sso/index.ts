export * from './ports';
export * from './records';
export * from './saml-fields';
export * from './saml-provider-schema';
export * from './sso-entry-schema';
