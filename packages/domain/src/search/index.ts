/** Full-text search of spaces: the documents a revision's index is built from, and the search operations. */

export { admitConditionView, MAX_CONDITION_VIEWS } from './condition-views';
export * from './content-search';
export { searchOperations } from './operations';
export { rankedSlice } from './ranked-slice';
export {
  type ConditionalView,
  conditionsOfRevision,
  type SearchedPages,
  type SearchView,
  searchDocumentsOf,
  searchDocumentsOfRevision,
  searchViewOf,
  siteSearchViewOf,
} from './search-documents';
export { SearchQueryParam } from './search-query';
export {
  presentPageHit,
  SearchPageResultSchema,
  SearchSectionResultSchema,
  SearchSpaceResultSchema,
} from './search-schema';
