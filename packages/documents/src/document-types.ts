/**
 * The subset of GitBook's published document model (`JSONDocument` in `@gitbook/api` 0.202.0)
 * that Quire reads and writes. Markdown is the stored form; these trees are produced on read
 * and accepted on write (see `document-schema.ts` for the write-side bounds).
 */

import type { OpenApiMethod } from './openapi-operation';

export type DocumentMarkType = 'bold' | 'italic' | 'strikethrough' | 'code';

export interface DocumentMark {
  object: 'mark';
  type: DocumentMarkType;
}

export interface DocumentLeaf {
  object: 'leaf';
  text: string;
  marks: DocumentMark[];
}

export interface DocumentText {
  object: 'text';
  key?: string;
  leaves: DocumentLeaf[];
}

export interface ContentRefUrl {
  kind: 'url';
  url: string;
}

export interface ContentRefFile {
  kind: 'file';
  file: string;
  space?: string;
}

export interface ContentRefPage {
  kind: 'page';
  page: string;
  space?: string;
}

export interface ContentRefAnchor {
  kind: 'anchor';
  anchor: string;
  page?: string;
  space?: string;
}

/** A spec of the organization's OpenAPI specifications, by its slug. */
export interface ContentRefOpenAPI {
  kind: 'openapi';
  spec: string;
}

/** The references a link may carry in Quire; an image takes only a URL or a file. */
export type LinkRef = ContentRefUrl | ContentRefFile | ContentRefPage | ContentRefAnchor;
export type ImageRef = ContentRefUrl | ContentRefFile;

export interface DocumentInlineImage {
  object: 'inline';
  type: 'inline-image';
  key?: string;
  isVoid: true;
  data: { ref: ImageRef; alt?: string; caption?: string };
}

export interface DocumentInlineLink {
  object: 'inline';
  type: 'link';
  key?: string;
  isVoid?: false;
  data: { ref: LinkRef };
  nodes: Array<DocumentText | DocumentInlineImage>;
}

export type DocumentInline = DocumentInlineLink | DocumentInlineImage;
export type DocumentInlineContent = DocumentText | DocumentInline;

interface BlockBase {
  object: 'block';
  key?: string;
}

export interface DocumentBlockParagraph extends BlockBase {
  type: 'paragraph';
  isVoid?: false;
  data?: Record<string, never>;
  nodes: DocumentInlineContent[];
}

export type DocumentHeadingType = 'heading-1' | 'heading-2' | 'heading-3';

export interface DocumentBlockHeading extends BlockBase {
  type: DocumentHeadingType;
  isVoid?: false;
  data: { id?: string };
  nodes: DocumentInlineContent[];
}

export interface DocumentBlockDivider extends BlockBase {
  type: 'divider';
  isVoid: true;
  data: Record<string, never>;
}

export interface DocumentBlockListItem extends BlockBase {
  type: 'list-item';
  isVoid?: false;
  data?: { checked?: boolean };
  nodes: DocumentListItemContent[];
}

export interface DocumentBlockListOrdered extends BlockBase {
  type: 'list-ordered';
  isVoid?: false;
  data: { start?: number };
  nodes: DocumentBlockListItem[];
}

export interface DocumentBlockListUnordered extends BlockBase {
  type: 'list-unordered';
  isVoid?: false;
  data?: Record<string, never>;
  nodes: DocumentBlockListItem[];
}

export interface DocumentBlockListTasks extends BlockBase {
  type: 'list-tasks';
  isVoid?: false;
  data?: Record<string, never>;
  nodes: DocumentBlockListItem[];
}

export type DocumentBlockList =
  | DocumentBlockListOrdered
  | DocumentBlockListUnordered
  | DocumentBlockListTasks;

/** GitBook's `DocumentBlocksEssentials`: what every container accepts. */
export type DocumentBlockEssential =
  | DocumentBlockParagraph
  | DocumentBlockHeading
  | DocumentBlockList
  | DocumentBlockDivider;

export interface DocumentBlockQuote extends BlockBase {
  type: 'blockquote';
  isVoid?: false;
  data?: Record<string, never>;
  nodes: Array<DocumentBlockEssential | DocumentBlockQuote>;
}

export type DocumentHintStyle = 'info' | 'warning' | 'danger' | 'success';

export interface DocumentBlockHint extends BlockBase {
  type: 'hint';
  isVoid?: false;
  data: { style: DocumentHintStyle };
  nodes: Array<DocumentBlockEssential | DocumentBlockTable>;
}

export interface DocumentBlockCodeLine extends BlockBase {
  type: 'code-line';
  isVoid?: false;
  data: Record<string, never>;
  nodes: DocumentText[];
}

export interface DocumentBlockCode extends BlockBase {
  type: 'code';
  isVoid?: false;
  data: { syntax?: string };
  nodes: DocumentBlockCodeLine[];
}

export interface DocumentFragment {
  object: 'fragment';
  key?: string;
  fragment: string;
  nodes: DocumentBlockParagraph[];
}

export interface DocumentBlockImage extends BlockBase {
  type: 'image';
  isVoid: true;
  data: { ref: ImageRef; alt?: string };
  /** At most one fragment, named `caption`. */
  fragments: DocumentFragment[];
}

export interface DocumentBlockImages extends BlockBase {
  type: 'images';
  isVoid: false;
  data: Record<string, never>;
  nodes: DocumentBlockImage[];
}

export type DocumentTableAlignment = 'left' | 'center' | 'right';

export interface DocumentTableDefinitionText {
  id: string;
  title: string;
  type: 'text';
  textAlignment: DocumentTableAlignment;
}

export interface DocumentTableRecord {
  orderIndex: string;
  /** Column id -> the name of the fragment holding the cell's text (null: an empty cell). */
  values: Record<string, string | null>;
}

export interface DocumentBlockTable extends BlockBase {
  type: 'table';
  isVoid: true;
  data: {
    view: { type: 'grid'; columns: string[]; hideHeader: boolean };
    records: Record<string, DocumentTableRecord>;
    definition: Record<string, DocumentTableDefinitionText>;
  };
  fragments: DocumentFragment[];
}

/** An HTTP method of an OpenAPI path item, lower-case (`openapi-operation.ts`). */
export type DocumentOpenAPIMethod = OpenApiMethod;

/** One operation of an OpenAPI spec, shown rendered; top level only, as in GitBook. */
export interface DocumentBlockOpenAPIOperation extends BlockBase {
  type: 'openapi-operation';
  isVoid: true;
  data: { ref: ContentRefOpenAPI; path: string; method: DocumentOpenAPIMethod };
}

export type DocumentListItemContent =
  | DocumentBlockEssential
  | DocumentBlockCode
  | DocumentBlockHint
  | DocumentBlockQuote
  | DocumentBlockTable;

export type DocumentTopLevelBlock =
  | DocumentBlockEssential
  | DocumentBlockQuote
  | DocumentBlockHint
  | DocumentBlockImages
  | DocumentBlockCode
  | DocumentBlockTable
  | DocumentBlockOpenAPIOperation;

export type DocumentBlock =
  | DocumentTopLevelBlock
  | DocumentBlockListItem
  | DocumentBlockCodeLine
  | DocumentBlockImage;

export interface JSONDocument {
  object: 'document';
  data: { schemaVersion?: number };
  nodes: DocumentTopLevelBlock[];
}
