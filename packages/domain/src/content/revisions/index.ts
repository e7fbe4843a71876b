/** Revisions of a space's content: the three-way merge of their pages. */

export { acceptedBodies, acceptedImport } from './accepted-import';
export { advanceSpace } from './advance-space';
export { outlinesOf } from './body-outlines';
export { addressOf as contentAddressOf } from './content-address';
export type { ContentChange } from './content-changes';
export * from './content-import-failures';
export { contentImportJobHandlers } from './content-import-job';
export * from './content-imports';
export * from './content-templates';
export { documentOfBody } from './document-of-body';
export { findRevision } from './first-revision';
export { CONTENT_IMPORT_JOB, IMPORT_WAIT_MS, presentImportJob } from './import-jobs';
export { addImportedContent, type ImportPlan, planImport } from './imported-content';
export { type JobContent, type JobRevisionTarget, writeJobRevision } from './job-revision';
export { mergeMarkdown } from './merge-markdown';
export { mergePages } from './merge-pages';
export { type HeadingForm, openingHeading } from './opening-heading';
export { importIntoSpace } from './operations/import-space-content';
export { FileIdParam, PageIdParam } from './operations/params';
export { coverValue } from './page-cover';
export { indexPages, type PageIndex, pageIndexOf } from './page-index';
export { slugOf } from './page-slug';
export type { MergeConflict, MergeResult, PageSet, PageState } from './page-state';
export { emptyTree, loadBodies } from './page-tree';
export * from './page-types';
export * from './pdf-links';
export type { ContentObjectRepository, RevisionRepository } from './ports';
export type {
  BodyObject,
  ContentObject,
  FileEntry,
  FilesObject,
  OutlineObject,
  PageObject,
  RevisionGitCommit,
  RevisionKind,
  RevisionRecord,
  TreeObject,
} from './records';
export { type ContentSource, contentOf, filesOf, viewableRevision } from './revision-content';
export { deriveRevisionDocuments } from './revision-documents';
export {
  FileSchema,
  PageTreeNodeSchema,
  presentFile,
  presentPage,
  presentRevision,
  type Revision,
  RevisionSchema,
} from './revision-schema';
export {
  filesObject,
  spaceHead,
  storedSpaceHead,
  writeFirstRevision,
  writeRevision,
} from './revision-writer';
export { publishSpaceContent, type SpaceContentEvent } from './space-content-event';
export { enqueueImport } from './start-import';
export {
  type DocumentConversion,
  type DocumentWarmupOptions,
  documentAddressOf,
  storedDocumentOf,
} from './stored-documents';
export type { StoredPage, StoredPages } from './stored-page';
export { storedTextDocuments } from './stored-text-documents';
export { compareSiblingPages } from './tree-order';
export { unlistedPageIds } from './unlisted-pages';
