/**
 * GitBook's published document model (`JSONDocument` in `@gitbook/api` 0.202.0), every block,
 * inline and mark, as Quire reads and writes it. Markdown is the stored form (GitBook's Git
 * Sync dialect, see `to-markdown.ts`); these trees are produced on read and accepted on write
 * (see `document-schema.ts` for the write-side bounds). Names, `data` fields and nesting are
 * GitBook's; the types are written here (Quire does not depend on `@gitbook/api`).
 */

import type { OpenApiMethod } from './openapi-operation';

/** The marks without data. */
export type DocumentMarkType =
  | 'bold'
  | 'italic'
  | 'strikethrough'
  | 'code'
  | 'keyboard'
  | 'superscript'
  | 'subscript';

/** GitBook's color tokens for text and background (`DocumentTextColor`). */
export type DocumentTextColor =
  | 'default'
  | 'green'
  | 'blue'
  | 'red'
  | 'orange'
  | 'yellow'
  | 'purple'
  | 'pink'
  | 'violet'
  | 'cyan'
  | '$primary'
  | '$info'
  | '$success'
  | '$warning'
  | '$danger'
  | '$tint';

export const DOCUMENT_TEXT_COLORS: readonly DocumentTextColor[] = [
  'default',
  'green',
  'blue',
  'red',
  'orange',
  'yellow',
  'purple',
  'pink',
  'violet',
  'cyan',
  '$primary',
  '$info',
  '$success',
  '$warning',
  '$danger',
  '$tint',
];

export interface DocumentMarkSimple {
  object: 'mark';
  type: DocumentMarkType;
}

/** Text color and highlight (background); `default` is no color. */
export interface DocumentMarkColor {
  object: 'mark';
  type: 'color';
  data: { text: DocumentTextColor; background: DocumentTextColor };
}

export type DocumentMark = DocumentMarkSimple | DocumentMarkColor;

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

export interface ContentRefUser {
  kind: 'user';
  user: string;
}

export interface ContentRefSpace {
  kind: 'space';
  space: string;
}

export interface ContentRefCollection {
  kind: 'collection';
  collection: string;
}

/** A reusable content of the space, by id. */
export interface ContentRefReusableContent {
  kind: 'reusable-content';
  reusableContent: string;
  space?: string;
}

export interface ContentRefTag {
  kind: 'tag';
  tag: string;
  space?: string;
}

/** The references a link may carry in Quire; an image takes only a URL or a file. */
export type LinkRef = ContentRefUrl | ContentRefFile | ContentRefPage | ContentRefAnchor;
export type ImageRef = ContentRefUrl | ContentRefFile;
/** What a mention or a content-ref block may point at. */
export type ContentRef =
  | LinkRef
  | ContentRefUser
  | ContentRefSpace
  | ContentRefCollection
  | ContentRefReusableContent
  | ContentRefTag
  | ContentRefOpenAPI;

export interface DocumentInlineImage {
  object: 'inline';
  type: 'inline-image';
  key?: string;
  isVoid: true;
  data: { ref: ImageRef; refDark?: ImageRef; alt?: string; caption?: string; size?: 'original' | 'line' };
}

export interface DocumentInlineEmoji {
  object: 'inline';
  type: 'emoji';
  key?: string;
  isVoid: true;
  /** The emoji's code points in hexadecimal, joined by `-` (`1f44b`, `1f468-200d-1f4bb`). */
  data: { code: string };
}

export interface DocumentInlineIcon {
  object: 'inline';
  type: 'icon';
  key?: string;
  isVoid: true;
  data: { icon: string; color?: DocumentTextColor };
}

/** A variable or an expression over them (`{{ space.vars.version }}`). */
export interface DocumentInlineExpression {
  object: 'inline';
  type: 'expression';
  key?: string;
  isVoid: true;
  data: { expression: string };
}

export interface DocumentInlineMath {
  object: 'inline';
  type: 'inline-math';
  key?: string;
  isVoid: true;
  data: { formula: string };
}

export interface DocumentInlineMention {
  object: 'inline';
  type: 'mention';
  key?: string;
  isVoid: true;
  data: { ref: ContentRef };
}

export type DocumentButtonKind = 'primary' | 'secondary';

/** What a button without a link does: prefill the search or the assistant, or select an option. */
export type DocumentButtonAction =
  | { action: 'search'; query?: string }
  | { action: 'ask'; query?: string }
  | { action: 'select'; slug: string };

export interface DocumentInlineButton {
  object: 'inline';
  type: 'button';
  key?: string;
  isVoid: true;
  /** A link (`ref`) or an action (`action`), never both. */
  data: {
    label: string;
    kind: DocumentButtonKind;
    size?: 'small' | 'medium' | 'large';
    icon?: string;
  } & ({ ref: LinkRef; action?: undefined } | { action: DocumentButtonAction; ref?: undefined });
}

/** Text with a note shown on demand (the note: one fragment `annotation-body`). */
export interface DocumentInlineAnnotation {
  object: 'inline';
  type: 'annotation';
  key?: string;
  isVoid: false;
  data?: Record<string, never>;
  nodes: DocumentText[];
  fragments: DocumentFragment[];
}

export interface DocumentInlineLink {
  object: 'inline';
  type: 'link';
  key?: string;
  isVoid?: false;
  data: { ref: LinkRef };
  nodes: Array<DocumentText | DocumentInlineImage>;
}

export type DocumentInline =
  | DocumentInlineLink
  | DocumentInlineImage
  | DocumentInlineEmoji
  | DocumentInlineIcon
  | DocumentInlineExpression
  | DocumentInlineMath
  | DocumentInlineMention
  | DocumentInlineButton
  | DocumentInlineAnnotation;
export type DocumentInlineContent = DocumentText | DocumentInline;

interface BlockBase {
  object: 'block';
  key?: string;
}

export type DocumentTextAlignment = 'start' | 'center' | 'end';

export interface DocumentBlockParagraph extends BlockBase {
  type: 'paragraph';
  isVoid?: false;
  data?: { align?: DocumentTextAlignment };
  nodes: DocumentInlineContent[];
}

export type DocumentHeadingType = 'heading-1' | 'heading-2' | 'heading-3';

export interface DocumentBlockHeading extends BlockBase {
  type: DocumentHeadingType;
  isVoid?: false;
  data: { id?: string; align?: DocumentTextAlignment };
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
  data: { style: DocumentHintStyle; icon?: string };
  nodes: Array<DocumentBlockEssential | DocumentBlockTable | DocumentBlockEmbed | DocumentBlockIntegration>;
}

export interface DocumentBlockCodeLine extends BlockBase {
  type: 'code-line';
  isVoid?: false;
  data: { highlighted?: boolean };
  nodes: DocumentText[];
}

export interface DocumentBlockCode extends BlockBase {
  type: 'code';
  isVoid?: false;
  data: {
    syntax?: string;
    title?: string;
    overflow?: 'scroll' | 'wrap';
    lineNumbers?: boolean;
    fullWidth?: boolean;
    expandable?: boolean;
    collapsedLineCount?: number;
  };
  nodes: DocumentBlockCodeLine[];
}

/**
 * A named part of a block that is not its `nodes`: an image's `caption`, a table cell, an
 * expandable's `expandable-title` and `expandable-body`, an annotation's body.
 */
export interface DocumentFragment {
  object: 'fragment';
  key?: string;
  fragment: string;
  type?: string;
  nodes: DocumentBlock[];
}

/** A length: pixels, or a value with a unit (`{ unit: '%', value: 50 }`). */
export type DocumentLength = number | { unit: string; value: number };

export interface DocumentBlockImage extends BlockBase {
  type: 'image';
  isVoid: true;
  data: { ref: ImageRef; refDark?: ImageRef; alt?: string; width?: DocumentLength; height?: DocumentLength };
  /** At most one fragment, named `caption`, of paragraphs. */
  fragments: DocumentFragment[];
}

export interface DocumentBlockImages extends BlockBase {
  type: 'images';
  isVoid: false;
  data: { align?: 'center' | 'left' | 'right'; fullWidth?: boolean; withFrame?: boolean };
  nodes: DocumentBlockImage[];
}

export interface DocumentBlockMath extends BlockBase {
  type: 'math';
  isVoid: true;
  data: { formula: string };
}

export interface DocumentBlockEmbed extends BlockBase {
  type: 'embed';
  isVoid: true;
  data: { url: string; fullWidth?: boolean };
}

export interface DocumentBlockFile extends BlockBase {
  type: 'file';
  isVoid: true;
  data: { ref: ContentRefFile };
}

export interface DocumentBlockDrawing extends BlockBase {
  type: 'drawing';
  isVoid: true;
  data: { ref?: ContentRefFile };
}

export interface DocumentBlockContentRef extends BlockBase {
  type: 'content-ref';
  isVoid: true;
  data: { ref: ContentRef };
}

export interface DocumentBlockReusableContent extends BlockBase {
  type: 'reusable-content';
  isVoid: true;
  data: { ref: ContentRefReusableContent };
  /**
   * Not GitBook's: the Git Sync path of `{% include "path" %}` when the block was read from
   * markdown and not yet resolved to an id (Git Sync resolves it; `reusableContent` is then
   * the id). Kept so that markdown read and written back names the same file.
   */
  path?: string;
  /** Set on read by the server (GitBook's content token, or why it did not resolve); never stored. */
  meta?: Record<string, unknown>;
}

export interface DocumentBlockIntegration extends BlockBase {
  type: 'integration';
  isVoid: true;
  data: {
    integration: string;
    block: string;
    props: Record<string, unknown>;
    url?: string;
    fullWidth?: boolean;
  };
}

export interface DocumentBlockPrompt extends BlockBase {
  type: 'prompt';
  isVoid?: false;
  data: {
    description: string;
    icon?: string;
    openInAIProviders?: boolean;
    defaultExpanded?: 'hidden' | 'partial' | 'full';
  };
  /** One code block. */
  nodes: DocumentBlockCode[];
}

export type DocumentTableAlignment = 'left' | 'center' | 'right';

export interface DocumentTableDefinitionText {
  id: string;
  title: string;
  type: 'text';
  textAlignment: DocumentTableAlignment;
  verticalAlignment?: 'top' | 'middle' | 'bottom';
}

/** The other column types: values in the records themselves, not in fragments. */
export interface DocumentTableDefinitionOther {
  id: string;
  title: string;
  type: 'number' | 'checkbox' | 'files' | 'content-ref' | 'image' | 'users' | 'rating' | 'select';
  multiple?: boolean;
  max?: number;
  options?: Array<{ value: string; label: string; color: string }>;
}

export type DocumentTableDefinition = DocumentTableDefinitionText | DocumentTableDefinitionOther;

/**
 * A record's value per column: for text, the name of the fragment holding the cell (null: an
 * empty cell); for content-ref, a reference; for files and images, file ids or references.
 */
export type DocumentTableValue = string | number | boolean | null | string[] | ContentRef;

export interface DocumentTableRecord {
  orderIndex: string;
  values: Record<string, DocumentTableValue>;
}

export interface DocumentTableViewGrid {
  type: 'grid';
  columns: string[];
  hideHeader: boolean;
  columnWidths?: Record<string, number>;
}

/** GitBook's cards: one card per record, `targetDefinition` the link, `coverDefinition` the image. */
export interface DocumentTableViewCards {
  type: 'cards';
  cardSize: 'medium' | 'large';
  columns: string[];
  targetDefinition?: string;
  coverDefinition?: string;
  coverDefinitionDark?: string;
  hideColumnTitle?: boolean;
  /** Whether a card's text wraps (GitBook's `data-card-wrap`). */
  wrap?: boolean;
}

export interface DocumentBlockTable extends BlockBase {
  type: 'table';
  isVoid: true;
  data: {
    view: DocumentTableViewGrid | DocumentTableViewCards;
    records: Record<string, DocumentTableRecord>;
    definition: Record<string, DocumentTableDefinition>;
    fullWidth?: boolean;
    /** Whether readers may search the table (GitBook's `data-search`). */
    search?: boolean;
  };
  fragments: DocumentFragment[];
}

/** An HTTP method of an OpenAPI path item, lower-case (`openapi-operation.ts`). */
export type DocumentOpenAPIMethod = OpenApiMethod;

/** One operation of an OpenAPI spec, shown rendered; top level only, as in GitBook. */
export interface DocumentBlockOpenAPIOperation extends BlockBase {
  type: 'openapi-operation';
  isVoid: true;
  data: { ref: ContentRefOpenAPI; path: string; method: DocumentOpenAPIMethod; headless?: boolean };
}

/** An OpenAPI operation from a file or a URL (GitBook's older `swagger` block). */
export interface DocumentBlockSwagger extends BlockBase {
  type: 'swagger';
  isVoid: true;
  data: { ref: ImageRef; path: string; method: string; expanded?: boolean; fullWidth?: boolean };
}

export interface DocumentBlockOpenAPISchemas extends BlockBase {
  type: 'openapi-schemas';
  isVoid: true;
  data: { ref: ContentRefOpenAPI; schemas: string[]; grouped?: boolean; title?: string };
}

export interface DocumentBlockOpenAPIWebhook extends BlockBase {
  type: 'openapi-webhook';
  isVoid: true;
  data: { ref: ContentRefOpenAPI; name: string; method: DocumentOpenAPIMethod };
}

export type DocumentListItemContent =
  | DocumentBlockEssential
  | DocumentBlockCode
  | DocumentBlockHint
  | DocumentBlockQuote
  | DocumentBlockMath
  | DocumentBlockTable
  // Images in a list item: not in GitBook's published types, but GitBook writes them.
  | DocumentBlockImages;

/** A title (fragment `expandable-title`, one paragraph) and a body (`expandable-body`). */
export interface DocumentBlockExpandable extends BlockBase {
  type: 'expandable';
  isVoid: true;
  data: { defaultExpanded?: boolean };
  fragments: DocumentFragment[];
}

export interface DocumentBlockTabsItem extends BlockBase {
  type: 'tabs-item';
  isVoid?: false;
  data: { title?: string; icon?: string; slug?: string };
  nodes: DocumentBlock[];
}

export interface DocumentBlockTabs extends BlockBase {
  type: 'tabs';
  isVoid?: false;
  data?: { fullWidth?: boolean };
  nodes: DocumentBlockTabsItem[];
}

export interface DocumentBlockStepperStep extends BlockBase {
  type: 'stepper-step';
  isVoid?: false;
  data: { icon?: string };
  nodes: DocumentBlock[];
}

export interface DocumentBlockStepper extends BlockBase {
  type: 'stepper';
  isVoid?: false;
  data?: Record<string, never>;
  nodes: DocumentBlockStepperStep[];
}

export interface DocumentBlockColumn extends BlockBase {
  type: 'column';
  isVoid?: false;
  data: { width?: DocumentLength; verticalAlignment?: 'top' | 'middle' | 'bottom' };
  nodes: DocumentBlock[];
}

export interface DocumentBlockColumns extends BlockBase {
  type: 'columns';
  isVoid: false;
  data: { fullWidth?: boolean };
  nodes: DocumentBlockColumn[];
}

export interface DocumentBlockUpdate extends BlockBase {
  type: 'update';
  isVoid?: false;
  /** `date`: an ISO date or timestamp; `tags`: tag references by slug. */
  data: { date: string; tags?: ContentRefTag[] };
  nodes: DocumentBlock[];
}

export interface DocumentBlockUpdates extends BlockBase {
  type: 'updates';
  isVoid?: false;
  data: { format: 'numeric' | 'full' | 'short' };
  nodes: DocumentBlockUpdate[];
}

/** Content shown to visitors whose claims make `expression` true. */
export interface DocumentBlockIf extends BlockBase {
  type: 'if';
  isVoid?: false;
  data: { expression: string };
  nodes: DocumentTopLevelBlock[];
}

export type DocumentTopLevelBlock =
  | DocumentBlockEssential
  | DocumentBlockQuote
  | DocumentBlockHint
  | DocumentBlockPrompt
  | DocumentBlockImages
  | DocumentBlockFile
  | DocumentBlockDrawing
  | DocumentBlockEmbed
  | DocumentBlockCode
  | DocumentBlockMath
  | DocumentBlockExpandable
  | DocumentBlockTabs
  | DocumentBlockTable
  | DocumentBlockSwagger
  | DocumentBlockOpenAPIOperation
  | DocumentBlockOpenAPISchemas
  | DocumentBlockOpenAPIWebhook
  | DocumentBlockContentRef
  | DocumentBlockIntegration
  | DocumentBlockReusableContent
  | DocumentBlockStepper
  | DocumentBlockIf
  | DocumentBlockColumns
  | DocumentBlockUpdates;

export type DocumentBlock =
  | DocumentTopLevelBlock
  | DocumentBlockListItem
  | DocumentBlockCodeLine
  | DocumentBlockImage
  | DocumentBlockTabsItem
  | DocumentBlockStepperStep
  | DocumentBlockColumn
  | DocumentBlockUpdate;

export interface JSONDocument {
  object: 'document';
  data: { schemaVersion?: number };
  nodes: DocumentTopLevelBlock[];
}
