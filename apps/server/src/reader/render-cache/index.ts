/** Rendered outputs of published sites, kept per exact state and answered with validators (issue 29, item 7). */

export { type ConditionRead, conditionRead, conditionsReadIn } from './conditions-read';
export {
  conditionsWith,
  MAX_KEYED_CONDITIONS,
  type PageConditions,
  pageConditionsOf,
  visitorKeyOf,
} from './page-conditions';
export {
  type PageSpecSlugs,
  pageSpecSlugsOf,
  type SpecVersionSeen,
  specKeyParts,
} from './page-spec-versions';
export { DEFAULT_RENDER_CACHE_BYTES, RenderCache, type RenderedOutput, renderCacheOf } from './render-cache';
export { RENDERING, type RenderKeyParts, renderKey, siteVersionOf, stableJson } from './render-key';
export {
  type Audience,
  applyRenderHeaders,
  cacheControlFor,
  matchesIfNoneMatch,
  sendRendered,
} from './send-rendered';
