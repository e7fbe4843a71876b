/** GitBook's block and inline types by the names people read, and references as text. */

export const BLOCK_NAMES: Record<string, string> = {
  images: 'Image',
  image: 'Image',
  file: 'File',
  embed: 'Embed',
  'content-ref': 'Page link',
  drawing: 'Drawing',
  math: 'Math',
  prompt: 'Prompt',
  'reusable-content': 'Reusable content',
  integration: 'Integration',
  swagger: 'OpenAPI (Swagger)',
  'openapi-operation': 'API operation',
  'openapi-schemas': 'API schemas',
  'openapi-webhook': 'API webhook',
  table: 'Table',
  code: 'Code',
  tabs: 'Tabs',
  'tabs-item': 'Tab',
  stepper: 'Stepper',
  'stepper-step': 'Step',
  expandable: 'Expandable',
  columns: 'Columns',
  column: 'Column',
  updates: 'Updates',
  update: 'Update',
  if: 'Conditional content',
  hint: 'Hint',
  paragraph: 'Paragraph',
};

/** The name of a block as people read it: GitBook's cards are a table shown as cards. */
export function blockName(block: { type?: unknown; data?: unknown }): string {
  const type = String(block.type ?? '');
  const view = (block.data as { view?: { type?: unknown } } | undefined)?.view;
  if (type === 'table' && view?.type === 'cards') return 'Cards';
  return BLOCK_NAMES[type] ?? type;
}

export const INLINE_NAMES: Record<string, string> = {
  emoji: 'Emoji',
  icon: 'Icon',
  expression: 'Variable',
  'inline-math': 'Math',
  mention: 'Mention',
  button: 'Button',
  annotation: 'Annotation',
  link: 'Link',
  'inline-image': 'Image',
};

/** A content reference as a person reads it: its URL, or its kind and id. */
export function refText(ref: unknown): string {
  if (typeof ref !== 'object' || ref === null) return '';
  const fields = ref as Record<string, unknown>;
  const kind = typeof fields.kind === 'string' ? fields.kind : '';
  const id = fields[kind === 'reusable-content' ? 'reusableContent' : kind];
  if (kind === 'url') return String(fields.url ?? '');
  if (kind === 'anchor')
    return (fields.page ? 'page ' + String(fields.page) : '') + '#' + String(fields.anchor ?? '');
  return typeof id === 'string' ? kind + ' ' + id : kind;
}
