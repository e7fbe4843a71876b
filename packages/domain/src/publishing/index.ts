export { evaluateCondition, parseCondition } from './conditions';
export { hostnameOfHost } from './custom-hostnames/hostname-schema';
export type * from './custom-hostnames/ports';
export type * from './custom-hostnames/records';
export { type CustomHostnameTarget, resolveCustomHostname } from './custom-hostnames/resolve-custom-hostname';
export { publishedCustomizations } from './customization/effective-customization';
export * from './operations';
export { UnsignedClaimsSchema } from './operations/lookup/published-content-lookup-schema';
export { matchSitePath, type SitePathMatch } from './operations/lookup/site-path-match';
export type * from './ports';
export { readableStructureOf } from './readable-structure';
export * from './records';
export type { PublishingRepositories } from './repositories';
export { authenticateSiteToken, looksLikeSiteApiToken, SITE_API_TOKEN_TTL_SECONDS } from './site-api-token';
export * from './site-fields';
export * from './site-schema';
export { SiteSearchScopeSchema } from './site-search-schema';
export { activeShareKeyOf } from './site-share-key';
export {
  defaultSectionOf,
  defaultSiteSpaceOf,
  locatedSiteSpaces,
  locateSiteSpace,
  type Structure,
} from './site-structure';
export * from './site-structure-schema';
export { publishedUrl, sitePublishedBase } from './site-urls';
export { visitSite } from './site-visitor';
