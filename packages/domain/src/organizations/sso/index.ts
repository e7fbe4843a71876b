export * from './identity-provider-repository';
export * from './ports';
export * from './provision-sso-member';
export * from './records';
export * from './saml-fields';
export * from './saml-provider-schema';
export * from './sso-enforcement';
export * from './sso-entry-schema';
