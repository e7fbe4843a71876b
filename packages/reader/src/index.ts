/**
 * Quire's reader: a published site's pages as server-rendered HTML (issue 29).
 * Pure rendering: what to render comes from the publishing operations the server calls.
 */

export { READER_JS } from './assets/reader-script';
export { READER_CSS } from './assets/reader-stylesheet';
export type { HeadTag } from './head-tags';
export { type CodeToken, type HighlightedCode, highlightCode, NO_HIGHLIGHTING } from './highlight-code';
export { type IconShape, iconNames, iconShape } from './icon-set';
export { openApiLinksOf, openApiSpecSlugsOf, type ReaderOpenApiSpecText } from './openapi-spec';
export { type OutlineEntry, outlineOf } from './outline';
export { PageTree, type PageTreeProps, renderClosedTree } from './page-tree';
export type * from './reader-model';
export { renderAskPage } from './render-ask-page';
export { renderNotFoundPage, renderReaderPage, renderSearchPage } from './render-page';
export { safeHref, safeImageSrc } from './safe-url';
