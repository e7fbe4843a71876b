/** The redirects area's public API: other areas and the apps import it only through this file. */
export { redirectsOperations } from './operations';
export type * from './ports';
export type * from './records';
export { MAX_REDIRECTS_PER_REQUEST, MAX_REDIRECTS_PER_SITE } from './redirect-fields';
export * from './redirect-schema';
export type { RedirectsRepositories } from './repositories';
