export { imageRefFromUrl, linkRefFromUrl, urlOfRef } from './content-ref';
export { documentLimits, jsonDocumentSchema } from './document-schema';
export type * from './document-types';
export { type FolderLinks, pageFileOf, resolvePath, rewriteOfFolderLinks } from './folder-links';
export {
  FrontMatterError,
  type PageFrontMatter,
  pageFrontMatterSchema,
  readPageFrontMatter,
  type SplitMarkdown,
  splitFrontMatter,
} from './front-matter';
export { type GitbookBlock, gitbookBlockTags, readGitbookBlocks } from './gitbook-blocks';
export {
  type ButtonKind,
  type CardsColumn,
  cardsOfHtml,
  figureOfHtml,
  type GitbookButton,
  type GitbookCards,
  type GitbookDetails,
  type GitbookFigure,
  type GitbookIcon,
  type GitbookMark,
  markColorsOf,
  phrasingOfHtml,
  readInlineHtml,
} from './gitbook-html';
export { cardsHtml, figureHtml, gitbookHtmlHandlers, htmlOfPhrasing } from './gitbook-html-print';
export {
  type BlockTag,
  blockTagOf,
  type ClosingTag,
  closingTagText,
  type OpeningTag,
  openingTagText,
  quoteTagValue,
  type TagAttributes,
} from './gitbook-tag';
export { headingAnchors, headingSlug } from './heading-anchors';
export { type HtmlTree, htmlToMarkdown } from './html-to-markdown';
export { linksOf, type MarkdownLink, type MarkdownLinkKind } from './links-of';
export { MarkdownTooComplexError, markdownLimits } from './markdown-limits';
export { type MarkdownOutline, markdownOutline } from './markdown-outline';
export { markdownPrintOptions, normalizeMarkdown, parseMarkdown, printMarkdown } from './markdown-processor';
export {
  type ConditionalSections,
  type ConditionalText,
  conditionalSectionsOfTree,
  type MarkdownSection,
  markdownSections,
} from './markdown-sections';
export { mentionedUserIdsOf } from './mentioned-users';
export {
  isOpenApiMethod,
  isOpenApiPath,
  isOpenApiSpecSlug,
  OPENAPI_METHODS,
  type OpenApiMethod,
} from './openapi-operation';
export {
  type LinkTargets,
  type RewriteLinksOptions,
  rewriteLinks,
  rewriteOfTargets,
  rewriteTreeLinks,
} from './rewrite-links';
export {
  CONTENT_FRAGMENT,
  contentHashOf,
  contentText,
  contentTextHash,
  type IncomingRevision,
  incomingOf,
  type MarkdownReport,
  reportOf,
  STATE_MAP,
  stateOf,
} from './shared-state';
export { markdownToDocument } from './to-document';
export { type DocumentToMarkdownOptions, documentToMarkdown, userMentionNamesOf } from './to-markdown';
export {
  plainTextFromTranslation,
  plainTextToTranslate,
  rebuildTranslatedMarkdown,
  type TranslatableMarkdown,
  TranslationCountError,
  translatableMarkdown,
  translatableTexts,
} from './translatable-text';
export {
  documentJsonOfStoredText,
  precheckUntrustedMarkdown,
  readUntrustedMarkdown,
  type UntrustedMarkdownOptions,
  type UntrustedMarkdownReading,
} from './untrusted-markdown';
export { parseYamlText, repeatedKeyIn } from './yaml-text';
