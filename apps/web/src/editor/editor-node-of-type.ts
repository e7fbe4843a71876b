/**
 * Where each type of GitBook's document model is edited in the editor: the node or mark that
 * holds it. Typed over the document package's unions, so a type added to the model without a
 * place here fails the typecheck, and `editor-types-coverage.test.ts` checks the same against
 * GitBook's 0.202.0 document (every type there has a place, and a document of it opens there).
 *
 * `gitbookBlock` and `gitbookInline` are the atoms that keep a block or inline whole, edited
 * through its fields (`block-fields.ts`); containers and text are the editor's own nodes.
 */
import type { DocumentBlock, DocumentInline, DocumentMarkType } from './documents';

/** The node holding each block type. */
export const EDITOR_NODE_OF_BLOCK: Record<DocumentBlock['type'], string> = {
  paragraph: 'paragraph',
  'heading-1': 'heading',
  'heading-2': 'heading',
  'heading-3': 'heading',
  'list-ordered': 'orderedList',
  'list-unordered': 'bulletList',
  'list-tasks': 'taskList',
  'list-item': 'listItem',
  divider: 'horizontalRule',
  blockquote: 'blockquote',
  hint: 'hint',
  code: 'codeBlock',
  'code-line': 'codeBlock',
  tabs: 'tabs',
  'tabs-item': 'tabsItem',
  stepper: 'stepper',
  'stepper-step': 'stepperStep',
  expandable: 'expandable',
  columns: 'columns',
  column: 'column',
  updates: 'updates',
  update: 'update',
  if: 'conditional',
  // A grid table of text columns is the editor's table; cards and other views are kept whole.
  table: 'table',
  'openapi-operation': 'openapiOperation',
  images: 'gitbookBlock',
  image: 'gitbookBlock',
  file: 'gitbookBlock',
  embed: 'gitbookBlock',
  'content-ref': 'gitbookBlock',
  drawing: 'gitbookBlock',
  math: 'gitbookBlock',
  prompt: 'gitbookBlock',
  'reusable-content': 'gitbookBlock',
  integration: 'gitbookBlock',
  swagger: 'gitbookBlock',
  'openapi-schemas': 'gitbookBlock',
  'openapi-webhook': 'gitbookBlock',
};

/** The node (or, for a link, the mark) holding each inline type. */
export const EDITOR_NODE_OF_INLINE: Record<DocumentInline['type'], string> = {
  link: 'link',
  'inline-image': 'image',
  emoji: 'gitbookInline',
  icon: 'gitbookInline',
  expression: 'gitbookInline',
  'inline-math': 'gitbookInline',
  annotation: 'gitbookInline',
  button: 'gitbookInline',
  mention: 'mention',
};

/** The editor's mark of each of GitBook's marks (`color` too, which the package types apart). */
export const EDITOR_MARK_OF: Record<DocumentMarkType | 'color', string> = {
  bold: 'bold',
  italic: 'italic',
  strikethrough: 'strike',
  code: 'code',
  keyboard: 'keyboard',
  color: 'color',
  superscript: 'superscript',
  subscript: 'subscript',
};
