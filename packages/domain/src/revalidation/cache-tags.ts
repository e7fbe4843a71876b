/**
 * GitBook's cache tags: the names under which a docs renderer files what it read of the API
 * (the `X-GitBook-Cache-Tag` header of each answer) and forgets it (a revalidation call with
 * the same names). They are its renderer's own (`getCacheTag`), so that GitBook's renderer,
 * unchanged, keeps Quire's answers and drops them when Quire says they changed.
 */

/** Everything read of a space: its content, revisions, files, change requests. */
export const spaceCacheTag = (spaceId: string): string => `space:${spaceId}`;

/** What is read of one change request of a space. */
export const changeRequestCacheTag = (spaceId: string, changeRequestId: string): string =>
  `space:${spaceId}:change-request:${changeRequestId}`;

/** Everything read of a site: its settings, structure, customization, published view. */
export const siteCacheTag = (siteId: string): string => `site:${siteId}`;

/** An OpenAPI specification of an organization. */
export const openApiCacheTag = (organizationId: string, specSlug: string): string =>
  `organization:${organizationId}:openapi:${specSlug}`;

/** What a URL lookup answered for a hostname. */
export const urlCacheTag = (hostname: string): string => `url:${hostname}`;
