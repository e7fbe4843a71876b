/** A space's old page paths: recorded when pages move and from `.gitbook.yaml`, answered by the redirects area. */
export { type PagePlaces, type PathChanges, pathChanges } from './moved-paths';
export {
  type CurrentPages,
  MAX_OLD_PATH_STEPS,
  type PathRedirectStep,
  type PathRedirectTarget,
  pathPrefixes,
  pathRedirectStep,
  pathRedirectTarget,
} from './path-redirect-target';
export type * from './ports';
export {
  MAX_GIT_PATH_REDIRECTS,
  MAX_MOVED_PATHS,
  MAX_RECORDED_PATH_LENGTH,
  recordPathChanges,
  replaceGitPathRedirects,
} from './recorded-paths';
export type * from './records';
